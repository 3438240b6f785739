"""The lineage explorer (issue 52, docs/explorer.md) in a real browser: headless Chromium from the Debian packages,
driven by Selenium, no network (scripts/explorer_browser.py). The page is the one scripts/demo.sh writes (the demo
runs once per session: tests/conftest.py `demo_build`); every expectation is queried from the marts of the BI copy
it was written from and recomputed here from the spec's traversal rules (docs/rules.md "Lineage: Traversal"),
never read back from the page's own data. Side lane (a browser and subprocesses)."""
from __future__ import annotations

import json
import re
import struct
import subprocess
import sys
from collections import defaultdict, deque
from pathlib import Path
from typing import Any, Iterator

import duckdb
import pytest

from tests.lw.dbt_runner import PROJECT_DIR, Warehouse
from tests.lw.demo import DemoBuild

from lineage_warehouse import explorer

sys.path.insert(0, str(PROJECT_DIR / "scripts"))
import explorer_browser  # noqa: E402

KIND = {"DATASET": "DATASET", "JOB": "JOB", "RUN": "RUN", "OPERATION": "OPERATION"}
ORDERS = "dataset:hive://metastore:9083/shop.orders"


@pytest.fixture(scope="module")
def page(demo_build: DemoBuild) -> Path:
    assert demo_build.returncode == 0, "\n".join(demo_build.lines[-30:])
    return demo_build.explorer


@pytest.fixture(scope="module")
def marts(demo_build: DemoBuild) -> Iterator[duckdb.DuckDBPyConnection]:
    con = duckdb.connect(str(demo_build.published), read_only=True)
    yield con
    con.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    driver = explorer_browser.chromium()
    yield driver
    driver.quit()


def q(con: duckdb.DuckDBPyConnection, sql: str, params: list[Any] | None = None) -> list[tuple[Any, ...]]:
    return con.execute(sql, params or []).fetchall()


def no_console_errors(driver: Any) -> None:
    errors = [entry for entry in driver.get_log("browser") if entry["level"] in ("SEVERE", "ERROR")]
    assert not errors, errors


def dataset_id(con: duckdb.DuckDBPyConnection, location: str, name: str) -> str:
    return q(con, "select d.dataset_id from marts.datasets as d inner join marts.locations as l"
                  " on d.location_id = l.location_id where l.name = ? and d.name = ?", [location, name])[0][0]


def job_id(con: duckdb.DuckDBPyConnection, name: str) -> str:
    return q(con, "select job_id from marts.jobs where name = ?", [name])[0][0]


# ---- the traversal, recomputed from the marts ------------------------------------------------------------------

def expected_view(con: duckdb.DuckDBPyConnection, start: tuple[str, str], grain: str, direction: str,
                  depth: int) -> tuple[set[str], set[tuple[str, str, str]]]:
    """Nodes ("KIND:id") and edges (from, to, kind) of a traversal, by the rules: bipartite hops at JOB / RUN /
    OPERATION grain, dataset hops at DATASET grain; BOTH = two branches; a dataset brings its twins at no cost;
    edges leave the nodes reached below the last level; a symlink pair is one edge."""
    twins: dict[str, set[str]] = defaultdict(set)
    for a, b in q(con, "select from_dataset_id, to_dataset_id from marts.dataset_symlinks"):
        twins[f"DATASET:{a}"].add(f"DATASET:{b}")
    hops: dict[str, dict[str, list[tuple[str, tuple[str, str, str]]]]] = {"down": defaultdict(list),
                                                                           "up": defaultdict(list)}
    for kind, from_kind, from_id, to_kind, to_id in q(
            con, "select edge_kind, from_kind, from_id, to_kind, to_id from marts.lineage_edges"
                 " where granularity = ?", [grain]):
        a, b = f"{from_kind}:{from_id}", f"{to_kind}:{to_id}"
        hops["down"][a].append((b, (a, b, kind)))
        hops["up"][b].append((a, (a, b, kind)))
    nodes: dict[str, int] = {}
    edges: set[tuple[str, str, str]] = set()
    first = f"{start[0]}:{start[1]}"
    for branch in (["down", "up"] if direction == "BOTH" else ["up" if direction == "UPSTREAM" else "down"]):
        reached = {first: 0, **{t: 0 for t in twins[first]}}
        queue = deque(reached)
        while queue:
            node = queue.popleft()
            if reached[node] == depth:
                continue
            for far, edge in hops[branch][node]:
                edges.add(edge)
                for each in (far, *twins[far]):
                    if each not in reached:
                        reached[each] = reached[node] + 1
                        queue.append(each)
        for node, level in reached.items():
            nodes[node] = min(level, nodes.get(node, level))
    for node in nodes:
        for twin in twins[node]:
            edges.add((min(node, twin), max(node, twin), "SYMLINK"))
    return set(nodes), edges


def shown(driver: Any, page: Path, fragment: str) -> tuple[set[str], set[tuple[str, str, str]], list[dict[str, str]]]:
    explorer_browser.open_view(driver, page, fragment)
    nodes, edges = explorer_browser.shown_tables(driver)
    return {n["key"] for n in nodes}, {(e["from"], e["to"], e["kind"]) for e in edges}, nodes


# ---- tests -------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("grain", ["JOB", "DATASET", "RUN", "OPERATION"])
def test_explorer_text_view_matches_the_marts_at_each_grain_and_direction(
        grain: str, page: Path, marts: duckdb.DuckDBPyConnection, browser: Any) -> None:
    """Opened by URL fragment from shop.orders (its namespace as sent), depth 3 at DATASET grain and 4 below it:
    the shown-nodes and shown-edges tables hold exactly the traversal of lineage_edges and dataset_symlinks."""
    start = ("DATASET", dataset_id(marts, "metastore:9083", "shop.orders"))
    depth = 3 if grain == "DATASET" else 4
    for direction in ("UPSTREAM", "DOWNSTREAM", "BOTH"):
        nodes, edges, rows = shown(browser, page, f"node={ORDERS}&granularity={grain}&direction={direction}"
                                                  f"&depth={depth}")
        want_nodes, want_edges = expected_view(marts, start, grain, direction, depth)
        assert len(want_nodes) >= 3, (grain, direction)
        assert nodes == want_nodes, (grain, direction)
        assert edges == want_edges, (grain, direction)
        if grain != "DATASET":
            assert {r["kind"] for r in rows} == {"DATASET", grain}, (grain, direction)
    no_console_errors(browser)


def test_explorer_dataset_grain_is_the_lineage_closure(page: Path, marts: duckdb.DuckDBPyConnection,
                                                       browser: Any) -> None:
    """At DATASET grain the datasets shown within depth N are those dataset_lineage_closure lists within N hops
    (and the start's twins)."""
    start = dataset_id(marts, "pg-shop:5432", "shop.public.orders_raw")
    for direction, (near, far) in {"DOWNSTREAM": ("upstream", "downstream"),
                                   "UPSTREAM": ("downstream", "upstream")}.items():
        for depth in (1, 3):
            reached = {f"DATASET:{d}" for (d,) in q(
                marts, f"select {far}_dataset_id from marts.dataset_lineage_closure"
                       f" where {near}_dataset_id = ? and min_depth <= ?", [start, depth])}
            nodes, _, _ = shown(browser, page, f"node=dataset:postgres://pg-shop:5432/shop.public.orders_raw"
                                               f"&granularity=DATASET&direction={direction}&depth={depth}")
            assert nodes == reached | {f"DATASET:{start}"}, (direction, depth)
    assert len(nodes) == 1  # orders_raw has nothing upstream
    no_console_errors(browser)


def test_explorer_finds_a_node_by_its_namespace_as_sent_or_any_address(page: Path, marts: duckdb.DuckDBPyConnection,
                                                                      browser: Any) -> None:
    """food_delivery's namespace as sent is `food_delivery` (stored as the location unknown://food_delivery): both
    address public.orders, and a job by its namespace as sent too."""
    orders = f"DATASET:{dataset_id(marts, 'food_delivery', 'public.orders')}"
    for address in ("dataset:food_delivery/public.orders", "dataset:unknown://food_delivery/public.orders",
                    "dataset:FOOD_DELIVERY/Public.Orders"):
        nodes, _, rows = shown(browser, page, f"node={address}&granularity=DATASET&direction=BOTH&depth=1")
        assert orders in nodes and rows[0]["key"] == orders, address
    ingest = f"JOB:{job_id(marts, 'ingest_orders')}"
    nodes, _, _ = shown(browser, page, "node=job:spark://spark-master:7077/ingest_orders&direction=BOTH&depth=1")
    assert ingest in nodes
    no_console_errors(browser)


def test_explorer_unknown_node_says_not_found_and_suggests_close_matches(page: Path, browser: Any) -> None:
    nodes, edges, _ = shown(browser, page, "node=dataset:food_delivery/public.ordrs&granularity=DATASET")
    message = browser.find_element("id", "message")
    assert message.is_displayed() and "not found" in message.text and "public.ordrs" in message.text
    suggested = [b.text for b in message.find_elements("css selector", "button[data-go]")]
    assert any(s.startswith("public.orders ") for s in suggested), suggested
    assert not nodes and not edges
    message.find_element("css selector", "button[data-go]").click()  # a suggestion opens that node
    assert "public.orders" in browser.execute_script("return decodeURIComponent(location.hash)")
    no_console_errors(browser)


def test_explorer_search_then_click_shows_the_details_panel(page: Path, marts: duckdb.DuckDBPyConnection,
                                                            browser: Any) -> None:
    """Search is a case-insensitive substring of name and namespace; a result names its location; choosing it
    opens its graph and details: the last write and its writer job by name, owners, the failed check."""
    explorer_browser.open_view(browser, page, "node=dataset:food_delivery/public.orders")
    box = browser.find_element("id", "search")
    box.send_keys("DAILY_REV")
    def results() -> list[tuple[str, str, Any]]:
        return [(r.find_element("css selector", ".name").text, r.find_element("css selector", ".where").text, r)
                for r in browser.find_elements("css selector", "#search-results li[data-key]")]

    assert ("shop.daily_revenue", "hive://metastore:9083") in [(n, w) for n, w, _ in results()]
    assert all("daily_rev" in n.lower() for n, _, _ in results())
    box.clear()
    box.send_keys("metastore:9083")  # the namespace matches too
    assert {n for n, _, _ in results()} == {n for (n,) in q(
        marts, "select d.name from marts.datasets as d inner join marts.locations as l"
               " on d.location_id = l.location_id where l.name = 'metastore:9083'")}
    box.clear()
    box.send_keys("daily_rev")
    next(r for n, w, r in results() if w.startswith("hive://")).click()
    explorer_browser.open_view(browser, page, browser.execute_script("return location.hash"))
    details = browser.find_element("id", "details").text
    revenue = dataset_id(marts, "metastore:9083", "shop.daily_revenue")
    writer, status = q(marts, "select j.name, o.last_writer_run_status from marts.datasets_overview as o inner join"
                              " marts.jobs as j on o.last_writer_job_id = j.job_id where o.dataset_id = ?",
                       [revenue])[0]
    assert "shop.daily_revenue" in details and f"by {writer} {status}" in details
    for (check,) in q(marts, "select assertion from marts.data_quality_assertions where dataset_id = ? and not success",
                      [revenue]):
        assert re.search(rf"{check}\s.*FAILED", details), details
    # a click on a drawn node shows that node's details: the job, its type, parent and recent runs
    explorer_browser.open_view(browser, page, "node=dataset:hive://metastore:9083/shop.daily_revenue"
                                              "&granularity=JOB&direction=UPSTREAM&depth=1")
    browser.find_element("css selector", f'#viewport .node[data-key^="J:"][aria-label="JOB {writer}"]').click()
    details = browser.find_element("id", "details").text
    job_type, parent = q(marts, "select j.type, p.name from marts.jobs as j left join marts.jobs as p"
                                " on j.parent_job_id = p.job_id where j.name = ?", [writer])[0]
    assert f"type {job_type}" in details and "recent runs" in details.lower()
    for run_status, user in q(marts, "select r.status, u.name from marts.runs as r inner join marts.jobs as j"
                                     " on r.job_id = j.job_id left join marts.users as u"
                                     " on r.started_by_user_id = u.user_id where j.name = ?", [writer]):
        assert run_status in details and (user is None or user in details)
    assert parent is None or f"parent job {parent}" in details
    no_console_errors(browser)


def test_explorer_failed_run_is_coloured_unlike_a_succeeded_one(page: Path, marts: duckdb.DuckDBPyConnection,
                                                                browser: Any) -> None:
    """RUN grain upstream of shop.orders: ingest_orders's FAILED and SUCCEEDED runs (statuses from marts.runs) are
    drawn in different colours, and the run's details show its times, status and parent run."""
    explorer_browser.open_view(browser, page, f"node={ORDERS}&granularity=RUN&direction=UPSTREAM&depth=1")
    statuses = dict(q(marts, "select r.run_id, r.status from marts.runs as r inner join marts.jobs as j"
                             " on r.job_id = j.job_id where j.name = 'ingest_orders'"))
    assert set(statuses.values()) == {"FAILED", "SUCCEEDED"}
    _, _, rows = shown(browser, page, f"node={ORDERS}&granularity=RUN&direction=UPSTREAM&depth=1")
    assert {r["key"].split(":", 1)[1]: r["status"] for r in rows if r["kind"] == "RUN"} == statuses
    fills = {}
    for node in browser.find_elements("css selector", '#viewport .node[data-key^="R:"]'):
        fills[node.get_attribute("data-status")] = node.find_element("css selector", "rect.body").get_attribute("fill")
    assert fills["FAILED"] != fills["SUCCEEDED"], fills
    failed = browser.find_element("css selector", '#viewport .node[data-status="FAILED"]')
    failed.click()
    details = browser.find_element("id", "details").text
    failed_run = next(run for run, status in statuses.items() if status == "FAILED")
    parent_job = q(marts, "select j.name from marts.runs as r inner join marts.runs as p"
                          " on r.parent_run_id = p.run_id inner join marts.jobs as j on p.job_id = j.job_id"
                          " where r.run_id = ?", [failed_run])[0][0]
    operations = q(marts, "select name, status from marts.operations where run_id = ?", [failed_run])
    assert "status FAILED" in details and f"parent run {parent_job} @" in details, details
    assert operations and "operations" in details.lower()
    for name, status in operations:
        assert re.search(rf"{re.escape(name)} \w+ {status}", details), details
    no_console_errors(browser)


def test_explorer_column_lineage_lists_sources_over_several_hops(page: Path, marts: duckdb.DuckDBPyConnection,
                                                                 browser: Any) -> None:
    """The revenue column of revenue_report: its sources are column_lineage_closure's rows into it (DIRECT over
    three hops back to orders_raw.amount_cents), and the INDIRECT ones into the whole dataset."""
    report = dataset_id(marts, "pg-shop:5432", "shop.public.revenue_report")
    explorer_browser.open_view(browser, page, "node=dataset:postgres://pg-shop:5432/shop.public.revenue_report"
                                              "&granularity=DATASET&direction=UPSTREAM&depth=3")
    browser.find_element("css selector", '#details button[data-column="revenue"]').click()
    tables = browser.find_elements("css selector", "#column-lineage table")
    sources = {tuple(td.text for td in tr.find_elements("tag name", "td"))
               for tr in tables[0].find_elements("css selector", "tbody tr")}
    want = {(name, column or "(the whole dataset)", kind, "direct" if depth == 1 else f"{depth} hops")
            for name, column, kind, depth in q(
                marts, "select d.name, c.source_column, c.lineage_kind, c.min_depth from marts.column_lineage_closure"
                       " as c inner join marts.datasets as d on c.source_dataset_id = d.dataset_id"
                       " where c.target_dataset_id = ? and (c.target_column = 'revenue' or c.target_column is null)",
                [report])}
    want = {(name, column if kind == "DIRECT" else column, kind, hops) for name, column, kind, hops in want}
    assert {(n, c, k, h) for n, c, k, h in sources} == want
    assert ("shop.public.orders_raw", "amount_cents", "DIRECT", "3 hops") in sources
    assert any(k == "INDIRECT" and h == "3 hops" for _n, _c, k, h in sources)
    no_console_errors(browser)


def test_explorer_page_is_self_contained(page: Path) -> None:
    """Nothing loads from elsewhere: no src or href to another file or host, the library and data inline."""
    html = page.read_text(encoding="utf-8")
    assert not re.search(r"<(script|link|img)[^>]+(src|href)=", html)
    assert "dagre" in html and '<script type="application/json" id="lw-data">' in html


def test_explorer_window_holds_the_newest_runs_and_says_so(demo_build: DemoBuild, marts: duckdb.DuckDBPyConnection,
                                                           tmp_path: Path) -> None:
    """--window-days and --max-runs bound RUN and OPERATION grain: only the newest runs' edges are in the file,
    JOB and DATASET grain stay complete, and the page states the window."""
    out = tmp_path / "small.html"
    proc = subprocess.run([sys.executable, str(PROJECT_DIR / "scripts" / "explorer.py"), "--warehouse",
                           str(demo_build.published), "--out", str(out), "--window-days", "3650", "--max-runs", "2"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(re.search(r'id="lw-data">(.*?)</script>', out.read_text(encoding="utf-8"), re.S).group(1))
    newest = {r for (r,) in q(marts, "select run_id from marts.runs order by created_at desc, run_id limit 2")}
    in_window = {run[0] for run in data["runs"] if run[14]}
    assert in_window == newest and data["window"]["capped"] and data["window"]["runs_in_window"] == 2
    assert {data["runs"][e[1]][0] for e in data["edges_run"]} <= newest
    assert len(data["edges_job"]) == q(
        marts, "select count(*) from marts.lineage_edges where granularity = 'JOB'")[0][0]
    assert len(data["edges_dataset"]) == q(
        marts, "select count(*) from marts.lineage_edges where granularity = 'DATASET'")[0][0]
    demo = json.loads(re.search(r'id="lw-data">(.*?)</script>', demo_build.explorer.read_text(encoding="utf-8"),
                                re.S).group(1))
    assert demo["window"]["runs_in_window"] == demo["window"]["runs_total"] == q(
        marts, "select count(*) from marts.runs")[0][0]


def test_explorer_screenshot_and_help(page: Path, browser: Any, tmp_path: Path) -> None:
    """The page draws (a screenshot of a view with its legend: docs/explorer.png is made the same way, by
    scripts/lineage_graph.py) and the scripts say how to call them."""
    explorer_browser.open_view(browser, page, f"node={ORDERS}&granularity=JOB&direction=BOTH&depth=4")
    shot = tmp_path / "view.png"
    browser.save_screenshot(str(shot))
    width, height = struct.unpack(">II", shot.read_bytes()[16:24])
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and width >= 1000 and height >= 600
    assert len(browser.find_elements("css selector", "#legend > div")) >= 9
    assert len(browser.find_elements("css selector", "#viewport .node")) == len(
        browser.find_elements("css selector", "#shown-nodes tbody tr"))
    for script in ("explorer.py", "lineage_graph.py"):
        proc = subprocess.run([sys.executable, str(PROJECT_DIR / "scripts" / script), "--help"], capture_output=True,
                              text=True)
        assert proc.returncode == 0 and "--out" in proc.stdout
    no_console_errors(browser)


# ---- scripts/lineage_graph.py: a PNG of one view, on the shared corpora ----------------------------------------

def test_lineage_graph_script_writes_a_png_of_one_explorer_view(corpora_duckdb: Warehouse, tmp_path: Path) -> None:
    """delivery_7_days upstream, depth 1: the PNG is written and the view's tables (--tables) hold the start and the
    datasets one operation read to write it (recomputed from marts.inputs and marts.outputs), with their edges."""
    from tests.test_lineage import dataset_pairs

    wh = corpora_duckdb
    start = wh.query("select d.dataset_id from marts.datasets as d inner join marts.locations as l"
                     " on d.location_id = l.location_id"
                     " where l.name = 'food_delivery' and d.name = 'public.delivery_7_days'")[0][0]
    upstream = {a for a, b in dataset_pairs(wh) if b == start}
    out, tables = tmp_path / "graph.png", tmp_path / "graph.tsv"
    proc = subprocess.run(
        [sys.executable, str(PROJECT_DIR / "scripts" / "lineage_graph.py"), "--warehouse", str(wh.duckdb_path),
         "--node", "dataset:food_delivery/public.delivery_7_days", "--granularity", "DATASET", "--direction",
         "UPSTREAM", "--depth", "1", "--out", str(out), "--tables", str(tables)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    rows = [line.split("\t") for line in tables.read_text(encoding="utf-8").splitlines()[1:]]
    assert {r[1] for r in rows if r[0] == "NODE"} == {f"DATASET:{d}" for d in upstream | {start}}
    assert {(r[1], r[2]) for r in rows if r[0] == "EDGE"} == {(f"DATASET:{d}", f"DATASET:{start}") for d in upstream}
    assert proc.stdout.startswith(f"{len(upstream) + 1} nodes, {len(upstream)} edges")


def test_explorer_job_details_list_the_job_hierarchy(corpora_duckdb: Warehouse, browser: Any, tmp_path: Path) -> None:
    """The job hierarchy fixture's mydag.mytask (tests/fixtures/job_hierarchy_events.py): its details name its
    parent job and every job_dependency_edges row into or out of it (parents, declared and inferred dependencies)."""
    wh = corpora_duckdb
    con = explorer.open_duckdb(wh.duckdb_path)
    try:
        page = tmp_path / "corpora.html"
        explorer.write(con, page, "corpora", 3650, explorer.DEFAULT_MAX_RUNS)
    finally:
        con.close()
    explorer_browser.open_view(browser, page, "node=job:http://airflow:8080/mydag.mytask&direction=BOTH&depth=1")
    rows = [tuple(td.text for td in tr.find_elements("tag name", "td")) for tr in browser.find_elements(
        "xpath", "//aside[@id='details']//h3[text()='Dependencies']/following-sibling::table[1]/tbody/tr")]
    names = dict(wh.query("select job_id, name from marts.jobs"))
    mytask = next(j for j, n in names.items() if n == "mydag.mytask")
    want = {(names[f], names[t], kind + (f" {dep_type}" if dep_type else "")) for kind, f, t, dep_type in wh.query(
        "select edge_kind, from_job_id, to_job_id, dependency_type from marts.job_dependency_edges"
        f" where '{mytask}' in (from_job_id, to_job_id)")}
    assert len(want) >= 3 and set(rows) == want
    parent = names[wh.query(f"select parent_job_id from marts.jobs where job_id = '{mytask}'")[0][0]]
    assert f"parent job {parent}" in browser.find_element("id", "details").text
    no_console_errors(browser)


def test_explorer_showcase_events_match_their_writer() -> None:
    """sample_events/explorer_showcase.jsonl is what tests/fixtures/explorer_events.py writes."""
    proc = subprocess.run([sys.executable, str(PROJECT_DIR / "tests" / "fixtures" / "explorer_events.py"), "--check"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
