"""A stdio MCP server written with the fastmcp package (the ch10 extra), as a
learner writes one in chapter 10: decorated functions, type hints as the schema."""

from __future__ import annotations

from fastmcp import FastMCP

server = FastMCP("unit_converter")


@server.tool()
def celsius_to_fahrenheit(celsius: float) -> float:
    """Convert a temperature from Celsius to Fahrenheit."""
    return celsius * 9 / 5 + 32


@server.tool()
def shout(text: str, times: int = 1) -> str:
    """Repeat a text in capitals, separated by spaces."""
    return " ".join([text.upper()] * times)


if __name__ == "__main__":
    server.run(show_banner=False)
