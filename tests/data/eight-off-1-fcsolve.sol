-=-=-=-=-=-=-=-=-=-=-=-

8b 8d 8f 8k e8 f2 a2 d3 1e 1f 
k1 3a 3d f3 6k 6f 6h 6h fh 1h 
1h 1h 3h 3h 6f g6 3g d3 a3 e3 
4d 4a 4e 41 4h 2h 2h 2h b4 7b 
a7 c4 2a 2c d2 ch 5h 2d 2c f2 
b4 7f 7b k7 65 26v2 27 12v2 a1 12 
c1 d1 5k 5a 5c 5d g5 51 5h 7h 
7h 7h 5h 7h 8h 8h 3h 3h 3h 3h 
3h 2h 2h 2h 2h 1h 1h 1h 1h dh 
8h kh ah ch 3h fh bh eh 7h 7h 
4h 4h 4h 4h 6h 6h 

This game is solveable.
Total number of states checked is 174.
This scan generated 201 states.
