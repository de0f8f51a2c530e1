"""
An independent MCP client for the suite: the official Python SDK (PyPI `mcp`) against a running Materia /mcp over
Streamable HTTP. Driven by test/integration/mcp-python.test.ts, which starts the app and reads the JSON this prints.
It reports what the SDK saw, and asserts nothing itself: the test does. Usage: MATERIA_MCP_URL=… MATERIA_API_KEY=…
python mcp_client.py
"""

import asyncio
import json
import os
import sys
from importlib.metadata import version

import httpx2
from mcp import ClientSession
from mcp.client.streamable_http import streamable_http_client
from mcp.shared.exceptions import MCPError

URL = os.environ["MATERIA_MCP_URL"]
KEY = os.environ["MATERIA_API_KEY"]


def text_of(result) -> str:
    return "".join(getattr(block, "text", "") for block in result.content)


async def session_report(headers: dict[str, str]) -> dict:
    report: dict = {}
    async with httpx2.AsyncClient(headers=headers, timeout=120) as http:
        async with streamable_http_client(URL, http_client=http, terminate_on_close=False) as (read, write):
            async with ClientSession(read, write) as session:
                init = await session.initialize()
                report["server"] = init.server_info.name
                report["protocol"] = init.protocol_version
                tools = await session.list_tools()
                report["tools"] = sorted(t.name for t in tools.tools)
                mono = await session.call_tool("get_monograph", {"slug": "Warfarin"})
                report["monograph"] = {
                    "is_error": mono.is_error,
                    "slug": (mono.structured_content or {}).get("data", {}).get("slug"),
                    "sizing_full": (mono.structured_content or {}).get("sizing", {}).get("full"),
                    "links": [str(b.uri) for b in mono.content if getattr(b, "type", "") == "resource_link"],
                    "characters": len(mono.model_dump_json()),
                }
                check = await session.call_tool(
                    "check_interactions", {"substances": ["warfarin", "fluconazole", "aspirin"]}
                )
                report["interactions"] = {
                    "is_error": check.is_error,
                    "highest": (check.structured_content or {}).get("data", {}).get("highest_severity"),
                }
                bad = await session.call_tool("list_monographs", {"limit": True})
                report["bad_arguments"] = {"is_error": bad.is_error, "text": text_of(bad)[:200]}
                try:
                    await session.call_tool("no_such_tool", {})
                    report["unknown_tool"] = None
                except MCPError as err:
                    report["unknown_tool"] = {"code": err.error.code, "message": err.error.message}
                resource = await session.read_resource("materia://monograph/warfarin")
                report["resource"] = {"uri": str(resource.contents[0].uri), "characters": len(resource.contents[0].text)}
                try:
                    await session.read_resource("materia://nothing/x")
                    report["unknown_resource"] = None
                except MCPError as err:
                    report["unknown_resource"] = {"code": err.error.code}
                page = await session.list_resources()
                report["resources_page"] = {"entries": len(page.resources), "next_cursor": page.next_cursor is not None}
                prompts = await session.list_prompts()
                report["prompts"] = sorted(p.name for p in prompts.prompts)
    return report


async def refused(headers: dict[str, str]) -> dict:
    """What the SDK surfaces for a refused key (the server answers 401 with a JSON-RPC body)."""
    try:
        await session_report(headers)
        return {"refused": False}
    except BaseException as err:  # the SDK may raise an ExceptionGroup from its task group
        leaves = [err]
        while leaves and isinstance(leaves[0], BaseExceptionGroup):
            leaves = list(leaves[0].exceptions)
        leaf = leaves[0]
        code = getattr(getattr(leaf, "error", None), "code", None)
        return {"refused": True, "type": type(leaf).__name__, "code": code, "message": str(leaf)[:300]}


async def main() -> None:
    report = {"sdk": version("mcp")}
    report.update(await session_report({"Authorization": f"Bearer {KEY}"}))
    report["bad_key"] = await refused({"Authorization": "Bearer mk_nope00_aaaaaaaaaaaaaaaaaaaa"})
    print(json.dumps(report))


if __name__ == "__main__":
    asyncio.run(main())
    sys.exit(0)
