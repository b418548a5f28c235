-=-=-=-=-=-=-=-=-=-=-=-

7h 8a 8b 8c 8h c5 2d 2c a2 c5 
b6 8a 8h 7c 7b a7 b5 1a 1b 18 
c1 b2 a2 1c 1b d1 b8 c8 3a 3h 
a5 3d 3b 3c 3h c4 7a 7c 71 c3 
a3 6c 6a 6h a7 c7 73 6a 6h 4h 
6h 81 27v4 2c 28 2h 4h a2 3a 3h 
5h 45 86 48 a4 3a 3h a1 25 4a 
42 c4 a2 21 38 5c 5a 52 53 5h 
a2 c2 5a 5c 5h 2h 37 53 5h 1h 
2h 1h 2h 52 5h 7h 8h ah 4a 45 
c4 a5 1c 1h 7h 8h 8h 1a 1h 4h 
5h 4h 5h 6h 6h 2h 18 15 16 1h 
3h ch 1h ah 7h 8h 7h 5h 7h 4h 
6h bh dh 

This game is solveable.
Total number of states checked is 121.
This scan generated 169 states.
