"""How bytes reach the network: the guard in front of everything, the production server and its
gunicorn worker, websocket compression, socket packets and security headers."""
