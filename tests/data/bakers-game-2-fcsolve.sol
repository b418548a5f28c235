-=-=-=-=-=-=-=-=-=-=-=-

1h 4a 4b 4h 5c 5h 1d 1h 51 86 
8h dh 8d a8 7a d7 15 1d b1 2b 
2h b5 38 78 7h 7b 7h 1h 1h bh 
17 4b 41 c4 43 4c b4 14 2b 62 
b6 6b 61 6h 6h 6h 6h 5h 5h 5h 
5h 2h 2h 2h 3h 3h 3h 8h 8h 8h 
8h 8h ch bh 1h dh ah 5c 5h 3b 
c3 b2 8d 8h 4h 4h d2 2a 2c 2b 
2h 7h 7h b2 c2 a2 3d 3b 3h 2h 
2h 2h 2h 3h 3h dh bh 

This game is solveable.
Total number of states checked is 815.
This scan generated 870 states.
