# Solved by Freecell Solver 5.0 (fc-solve -sn, 7 freecells, suit building, kings-only spaces,
# unlimited sequence moves) on dealgen's fcs export: independent golden data.
game: penguin
deal: 617
rules: parlett
1a 1b 1c 1d 1e 1f 1h 6g c6 d6 
5c f5 e5 7d 7f 7e 7h 7h c7 23 
72 76 35 e1 4c 4e 42 d4 41 4d 
g4 d1 4g 4d 24 e2 24 2e 25 43 
51 a7 5a 5h 3h 3h 3h 3h 3h 3h 
3h 3h 5h 2h ch 5c 5h 26 c4 64 
6c b6 d6 g6 3b 3d f3 e3 a3 c1 
3g 3f 3e 3a 3c b3 ch dh 4h 4h 
4h 4h 4h 4h a6 e6 f6 g6 63 6h 
6h 6h 3h 3h 3h 3h 3h 3h 3h 3h 
3h 3h 1h 1h 1h 1h 1h 1h 1h 1h 
1h 1h 1h 7h 
