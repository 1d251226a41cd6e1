"""The browser front end: a Starlette app over the engine and a static page."""
