"""The Kriegsspiel web server: HTTP and websocket API, durable storage, bots
playing on the server, and the browser client (docs/WEB.md)."""
