# Solved by Freecell Solver 5.0 (fc-solve -sn, 7 freecells, suit building, kings-only spaces,
# unlimited sequence moves) on dealgen's fcs export: independent golden data.
game: penguin
deal: 1
rules: parlett
1a 1b 1c 1d 1e 1f 1h 6g 6h 25 
53 25 42 24 d2 b2 6d e6 g6 7b 
7e 7g 72 76 76 67 d1 6d 6h e6 
63 36 35 3e 23 d2 36 3h 2h 2h 
2h 6h 6h 6h 6h 6h 6h 6h 6h 6h 
6h eh 43 4d 4e 54 5h 5h 7h 7h 
7h 7h 7h 7h 5h fh 5h 2h ah ch 
bh 5h gh 4f 4a 4c 4b 4h 4h 3h 
3h 3h 3h 3h 1h fh ah ch bh dh 
eh 
