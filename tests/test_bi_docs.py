"""Docs, contracts, exposures and selectors where BI looks (issue 21, points 5, 6 and 7).

- Point 5: the marts' descriptions are table and column comments in the warehouse (persist_docs; the Spark side
  is checked in tests/test_engine_parity.py on its build), the docs site has an `__overview__` page, columns
  repeated across models share doc blocks, and every rule a description cites is explained in docs/rules.md.
- Point 6: every mart enforces a contract with a data type per column, and dbt refuses a mart whose SQL does not
  match its declared types.
- Point 7: an example exposure, one tag per layer, and the selectors `marts_only` and `lineage`.
"""
from __future__ import annotations

import json
import re
import shutil
from collections import defaultdict
from pathlib import Path
from typing import Any

import yaml

from tests.lw import in_process
from tests.lw.dbt_runner import PROJECT_DIR, Warehouse
from tests.lw.shared import CORPORA_GLOB, mart_names

DOCS = PROJECT_DIR / "docs"
RULES = DOCS / "rules.md"
LAYERS = ("raw", "staging", "intermediate", "marts")
# data types a mart may declare: names DuckDB and Spark both read as the same type (docs/decisions/marts-contracts.md)
PORTABLE_TYPES = {"string", "bigint", "int", "double", "boolean", "timestamp", "date"}
# the longest column comment Spark's Hive metastore stores (COLUMNS_V2.COMMENT is a varchar(256))
SPARK_COLUMN_COMMENT_MAX = 256


def mart_models(manifest: Any) -> dict[str, Any]:
    """{name: node} of every model of schema marts (tests/lw/shared.py `mart_names`: models/marts/lineage included,
    the contract relations of other schemas left out)."""
    names = set(mart_names())
    return {node.name: node for node in manifest.nodes.values()
            if node.resource_type == "model" and node.name in names}


def expected_comments(manifest: Any) -> dict[str, tuple[str, dict[str, str]]]:
    """{mart: (table comment, {column: column comment})}: the descriptions persist_docs writes."""
    return {name: (node.description, {column: info.description for column, info in node.columns.items()})
            for name, node in mart_models(manifest).items()}


# --- point 5: comments in the warehouse ---------------------------------------------------------------------------

def test_issue21_persist_docs_mart_comments_readable_in_duckdb(corpora_duckdb: Warehouse) -> None:
    """duckdb_tables() and duckdb_columns() show every mart's description and every column's."""
    expected = expected_comments(in_process.manifest("duckdb"))
    tables = dict(corpora_duckdb.query("select table_name, comment from duckdb_tables() where schema_name = 'marts'"))
    columns: dict[str, dict[str, str]] = defaultdict(dict)
    for table, column, comment in corpora_duckdb.query(
            "select table_name, column_name, comment from duckdb_columns() where schema_name = 'marts'"):
        columns[table][column] = comment
    assert len(expected) >= 21
    for mart, (table_comment, column_comments) in expected.items():
        assert table_comment.strip(), f"{mart} has no description"
        assert [c for c, text in column_comments.items() if not text.strip()] == [], f"{mart}: undescribed columns"
        assert tables.get(mart) == table_comment, mart
        assert columns[mart] == column_comments, mart


def test_issue21_mart_column_descriptions_fit_the_spark_metastore() -> None:
    """Spark's Hive metastore keeps at most 256 characters of a column comment (a longer one fails the build after
    the metastore's retries), so every mart column's description fits in 256 characters."""
    marts = expected_comments(in_process.manifest("duckdb"))
    too_long = {f"{mart}.{column}": len(text) for mart, (_, columns) in marts.items()
                for column, text in columns.items() if len(text) > SPARK_COLUMN_COMMENT_MAX}
    assert too_long == {}


# --- point 5: overview page, doc blocks, rules cited ---------------------------------------------------------------

def test_issue21_docs_overview_page_names_every_mart_and_how_to_query() -> None:
    manifest = in_process.manifest("duckdb")
    overview = manifest.docs["doc.lineage_warehouse.__overview__"].block_contents
    missing = [mart for mart in mart_models(manifest) if f"`{mart}`" not in overview]
    assert not missing, f"the docs overview page does not name {missing}"
    assert "select" in overview and "from marts." in overview, "the overview shows no query"
    assert "duckdb" in overview.lower() and "spark" in overview.lower()


def marts_table_rows(text: str) -> dict[str, list[str]]:
    """{mart: [one row per, key, what it answers]} of a markdown table whose rows start with a mart in backticks."""
    rows = {}
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("| `") and len(cells) == 4:
            rows[cells[0].strip("`")] = cells[1:]
    return rows


def test_docs_overview_page_is_the_marts_table() -> None:
    """Issue 53, part 8: the overview page's table has one row per mart, each with its grain, its key and the
    question it answers."""
    overview = in_process.manifest("duckdb").docs["doc.lineage_warehouse.__overview__"].block_contents
    rows = marts_table_rows(overview)
    assert set(rows) == set(mart_names())
    assert all(all(cell for cell in cells) for cells in rows.values()), rows


def test_docs_site_generates_offline_as_one_static_page(corpora_duckdb: Warehouse, tmp_path: Path) -> None:
    """`dbt docs generate --static` (the README's way to open the docs without a server) writes one page holding the
    manifest, the catalog of the warehouse and the overview, and loads nothing from the network: no script, style
    or font from elsewhere, and the page's usage tracker is off (the project sets send_anonymous_usage_stats
    false). On a copy of the corpora warehouse, with the manifest this process parsed (no compile)."""
    docs = Warehouse(tmp_path)
    shutil.copy(corpora_duckdb.duckdb_path, docs.duckdb_path)
    (tmp_path / "target").mkdir()
    in_process.manifest("duckdb").write(str(tmp_path / "target" / "manifest.json"))
    docs.dbt(["docs", "generate", "--no-compile", "--static"])
    page = (tmp_path / "target" / "static_index.html").read_text()
    assert "| `datasets_overview` |" in page, "the overview page is in the static page"
    assert '"model.lineage_warehouse.lineage_edges"' in page
    catalog = json.loads((tmp_path / "target" / "catalog.json").read_text())
    assert {f"model.lineage_warehouse.{mart}" for mart in mart_names()} <= set(catalog["nodes"])
    external = re.findall(r"""<(?:script|link|img)[^>]+(?:src|href)=["']?(?:https?:)?//[^>]*>|@import[^;]*//|"""
                          r"""url\(["']?(?:https?:)?//""", page)
    assert external == []
    assert re.search(r'"send_anonymous_usage_stats": *false', page)


def yml_columns() -> list[tuple[str, str, str, str]]:
    """(file, model, column, description as written) of every column in models/**/*.yml."""
    found = []
    for path in sorted((PROJECT_DIR / "models").rglob("*.yml")):
        for model in (yaml.safe_load(path.read_text()) or {}).get("models") or []:
            for column in model.get("columns") or []:
                description = " ".join(str(column.get("description") or "").split())
                found.append((path.name, model["name"], column["name"], description))
    return found


def test_issue21_columns_repeated_across_models_use_doc_blocks() -> None:
    """No column description is written out twice; every shared doc block is used by two columns or more."""
    by_text: dict[str, list[str]] = defaultdict(list)
    for file, model, column, description in yml_columns():
        if description and "doc(" not in description:
            by_text[description].append(f"{model}.{column}")
    repeated = {text: where for text, where in by_text.items() if len(where) > 1}
    assert not repeated, f"descriptions repeated word for word (use a doc block in docs/dbt/columns.md): {repeated}"
    blocks = re.findall(r"\{%\s*docs\s+(col_\w+)\s*%\}", (DOCS / "dbt" / "columns.md").read_text())
    uses = defaultdict(int)
    for *_, description in yml_columns():
        for block in re.findall(r"doc\(\s*'(\w+)'\s*\)", description):
            uses[block] += 1
    assert len(blocks) >= 10
    assert {block: uses[block] for block in blocks if uses[block] < 2} == {}


CITATION = re.compile(r"§\s?\d+(?:\.\d+)*|\bD\d{1,2}\b|\bAppendix [A-Z]\b")


def rule_headings() -> list[str]:
    return [line[3:].strip() for line in RULES.read_text().splitlines() if line.startswith("## ")]


def cited_rules() -> dict[str, set[str]]:
    """{citation: files citing it} over models (yml and SQL), macros and docs/ (docs/rules.md left out)."""
    sources = [*(PROJECT_DIR / "models").rglob("*.yml"), *(PROJECT_DIR / "models").rglob("*.sql"),
               *(PROJECT_DIR / "macros").rglob("*.sql"), *DOCS.rglob("*.md")]
    cited: dict[str, set[str]] = defaultdict(set)
    for path in sources:
        if path == RULES:
            continue
        for citation in CITATION.findall(path.read_text()):
            cited[citation.replace("§ ", "§")].add(str(path.relative_to(PROJECT_DIR)))
    return cited


def test_issue21_every_cited_rule_is_explained_in_docs_rules() -> None:
    """A "§5.3", "D9" or "Appendix A" in a description, macro or doc has its own section in docs/rules.md."""
    headings = rule_headings()
    cited = cited_rules()
    assert {"§5.3", "D9", "Appendix A"} <= set(cited), "the citation scan found none of the usual rules"
    unexplained = {c: sorted(files) for c, files in cited.items() if not any(h.split(" ")[0] == c or
                   h.startswith(c + " ") for h in headings)}
    assert not unexplained, f"cited rules without a section in docs/rules.md: {unexplained}"


def test_issue21_descriptions_and_docs_point_only_at_files_of_the_clone() -> None:
    """Every `name.md` a description, docs page or macro mentions exists in the project; every `docs/rules.md
    "Section"` names a section of it."""
    known = {p.name for p in DOCS.rglob("*.md")} | {p.name for p in PROJECT_DIR.glob("*.md")}
    texts = {f"{file}:{model}.{column}": description for file, model, column, description in yml_columns()}
    files = [*(PROJECT_DIR / "models").rglob("*.yml"), *DOCS.rglob("*.md"), *(PROJECT_DIR / "macros").rglob("*.sql")]
    for path in files:
        texts[str(path.relative_to(PROJECT_DIR))] = path.read_text()
    missing = {(where, name) for where, text in texts.items()
               for name in re.findall(r"[\w.-]+\.md\b", text) if Path(name).name not in known}
    assert not missing, f"references to files a clone does not have: {sorted(missing)}"
    headings = rule_headings()
    sections = {" ".join(section.split()) for text in texts.values()
                for section in re.findall(r'rules\.md,?\s+"([^"]+)"', text)}
    assert sections, "no description cites a section of docs/rules.md"
    assert sorted(s for s in sections if s not in headings) == []


# --- point 6: contracts ---------------------------------------------------------------------------------------------

def test_issue21_every_mart_enforces_a_contract_with_portable_types() -> None:
    marts = mart_models(in_process.manifest("duckdb"))
    assert len(marts) >= 21
    assert sorted(name for name, node in marts.items() if not node.contract.enforced) == []
    untyped = {name: [c for c, info in node.columns.items() if not info.data_type] for name, node in marts.items()}
    assert {name: columns for name, columns in untyped.items() if columns} == {}
    types = {info.data_type for node in marts.values() for info in node.columns.values()}
    assert types <= PORTABLE_TYPES, types - PORTABLE_TYPES


def test_issue21_contract_violation_fails_the_mart(corpora_duckdb: Warehouse, tmp_path: Path) -> None:
    """A declared type that the mart's SQL does not produce stops the build of that mart (on a copy of the
    session's warehouse). The same run with the declared types intact passes."""
    wh = Warehouse(tmp_path)
    shutil.copy(corpora_duckdb.duckdb_path, wh.duckdb_path)
    run = ["run", "--select", "landing_audit"]
    assert wh.dbt(run, events=CORPORA_GLOB, check=False).returncode == 0
    column = in_process.manifest("duckdb").nodes["model.lineage_warehouse.landing_audit"].columns["lines"]
    declared = column.data_type
    column.data_type = "boolean"  # landing_audit.lines is a count
    try:
        broken = wh.dbt(run, events=CORPORA_GLOB, check=False)
    finally:
        column.data_type = declared
    assert broken.returncode != 0
    assert "contract" in broken.stdout.lower() and "lines" in broken.stdout, broken.stdout[-3000:]


# --- point 7: exposures, tags, selectors ----------------------------------------------------------------------------

def listed(wh: Warehouse, *selection: str) -> set[str]:
    """Unique ids `dbt ls` prints for a selection."""
    out = wh.dbt(["ls", *selection, "--output", "json", "--output-keys", "unique_id"], check=False)
    assert out.returncode == 0, out.stdout[-3000:]
    return set(re.findall(r'"unique_id":\s*"([^"]+)"', out.stdout))


def ancestors(manifest: Any, unique_ids: set[str]) -> set[str]:
    seen, todo = set(), list(unique_ids)
    while todo:
        uid = todo.pop()
        if uid not in seen:
            seen.add(uid)
            todo.extend(getattr(manifest.nodes[uid].depends_on, "nodes", []) if uid in manifest.nodes else [])
    return seen


def test_issue21_each_model_is_tagged_with_its_layer() -> None:
    manifest = in_process.manifest("duckdb")
    models = [node for node in manifest.nodes.values() if node.resource_type == "model"]
    wrong = {node.name: node.tags for node in models
             if [t for t in node.tags if t in LAYERS] != [node.original_file_path.split("/")[1]]}
    assert len(models) > 40 and wrong == {}


def test_issue21_selectors_marts_only_and_lineage_select_the_right_nodes(tmp_path: Path) -> None:
    manifest = in_process.manifest("duckdb")
    wh = Warehouse(tmp_path)
    models = {uid for uid, node in manifest.nodes.items() if node.resource_type == "model"}
    marts = {node.unique_id for node in mart_models(manifest).values()}
    # and the contract relation of another schema, staging.facet_issues (models/marts/operational)
    contract = {uid for uid in models if manifest.nodes[uid].original_file_path.startswith("models/marts/")}
    selected = listed(wh, "--selector", "marts_only")
    assert contract - marts == {"model.lineage_warehouse.facet_issues"}
    assert selected & models == contract
    assert selected - models, "marts_only selects the marts' data tests too"

    lineage_marts = {uid for uid in marts if manifest.nodes[uid].original_file_path.startswith("models/marts/lineage/")}
    expected = {uid for uid in ancestors(manifest, lineage_marts) if uid in models}
    selected = listed(wh, "--selector", "lineage")
    assert lineage_marts and selected & models == expected
    assert marts - expected, "some marts are not needed by the lineage marts (e.g. users) and stay out"
    assert selected - models, "the lineage selection runs the tests of its models"


def test_issue21_example_exposure_reads_lineage_edges_and_datasets_overview(tmp_path: Path) -> None:
    manifest = in_process.manifest("duckdb")
    dashboards = [e for e in manifest.exposures.values() if e.type.value == "dashboard"]
    assert len(dashboards) == 1
    exposure = dashboards[0]
    assert set(exposure.depends_on.nodes) == {"model.lineage_warehouse.lineage_edges",
                                              "model.lineage_warehouse.datasets_overview"}
    assert exposure.description.strip() and exposure.owner.name
    upstream = listed(Warehouse(tmp_path), "--select", f"+exposure:{exposure.name}", "--resource-type", "model")
    assert set(exposure.depends_on.nodes) < upstream
    assert "model.lineage_warehouse.raw_event_lines" in upstream


def spark_mart_comments(spark: Any, marts: list[str]) -> dict[str, tuple[str, dict[str, str]]]:
    """{mart: (table comment, {column: comment})} as DESCRIBE TABLE EXTENDED shows them on a Spark warehouse."""
    found = {}
    for mart in marts:
        described = spark.sql(f"describe table extended marts.{mart}").collect()
        rows = [(r[0] or "", r[1] or "", r[2]) for r in described]
        end = next(i for i, row in enumerate(rows) if not row[0].strip() or row[0].startswith("#"))
        table_comment = next((row[1] for row in rows[end:] if row[0] == "Comment"), None)
        found[mart] = (table_comment, {name: comment for name, _, comment in rows[:end]})
    return found


def assert_mart_comments_in_spark(spark: Any) -> None:
    """Point 5 on Spark (called on the parity build of tests/test_engine_parity.py). Spark cannot comment a
    partition column (docs/decisions/spark-refold-partitions.md): it has none."""
    manifest = in_process.manifest("spark")
    expected = expected_comments(manifest)
    for name, node in mart_models(manifest).items():
        partition_by = node.config.get("partition_by") or []
        for column in [partition_by] if isinstance(partition_by, str) else partition_by:
            expected[name][1][column] = None
    assert len(expected) >= 21
    assert spark_mart_comments(spark, sorted(expected)) == expected
