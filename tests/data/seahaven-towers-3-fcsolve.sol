-=-=-=-=-=-=-=-=-=-=-=-

5h 6h 3h c3 5a 5d 5c b5 dh 8h 
10b a10 b5 7d 7a 7b c7 6c 6h 10h 
10h 5h 5h 5h c4 b6 7c 7b a7 9a 
9h 9h 2h 4h 4h 3h 3h 3h ah ch 
bh dh 4a 4h 4h 1h 9h a6 2c 2b 
2h 2h 3h 3h 1h 1h 4h bh 8d 8a 
8b 8h a1 10a 10h ah 9h 1h 1h 6h 
6h 6h 6h 7h 7h 10h 1h bh ch dh 


This game is solveable.
Total number of states checked is 63.
This scan generated 84 states.
