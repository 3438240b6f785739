"""The project's version (semantic versioning): the one number `lineage-warehouse --version` and the scripts'
--version print, and the package's version (pyproject.toml reads it from here).

It equals `version` in dbt_project.yml and the newest release in CHANGELOG.md (tests/test_release.py checks
both); docs/releasing.md says when and how to change it.
"""
from __future__ import annotations

__version__ = "0.2.0"


def version_argument() -> dict[str, str]:
    """The keyword arguments of an argparse `--version` option: `parser.add_argument("--version",
    **version_argument())` prints `<prog> 0.2.0` and exits."""
    return {"action": "version", "version": f"%(prog)s {__version__}"}
