{#- Python urllib.parse.quote(text, safe='/') for the ASCII characters that occur in Airflow run ids and
    task ids (§5.3): '%' first, then the reserved and unsafe characters. Non-ASCII text is left as is
    (docs/decisions.md). -#}
{% macro url_quote(expr) -%}
    {%- set pairs = [
        ('%', '%25'), (' ', '%20'), ('!', '%21'), ('"', '%22'), ('#', '%23'), ('$', '%24'), ('&', '%26'),
        ("'", '%27'), ('(', '%28'), (')', '%29'), ('*', '%2A'), ('+', '%2B'), (',', '%2C'), (':', '%3A'),
        (';', '%3B'), ('<', '%3C'), ('=', '%3D'), ('>', '%3E'), ('?', '%3F'), ('@', '%40'), ('[', '%5B'),
        (']', '%5D'), ('^', '%5E'), ('`', '%60'), ('{', '%7B'), ('|', '%7C'), ('}', '%7D')
    ] -%}
    {%- set ns = namespace(sql=expr) -%}
    {%- for raw, quoted in pairs -%}
        {%- set ns.sql = 'replace(' ~ ns.sql ~ ', ' ~ lineage_warehouse.sql_string(raw) ~ ", '" ~ quoted ~ "')" -%}
    {%- endfor -%}
    {{ ns.sql }}
{%- endmacro %}

{#- The numeric (major, minor, patch) of a version text as one comparable integer; 0 when absent. -#}
{% macro version_number(expr) -%}
    (
        coalesce(try_cast({{ lineage_warehouse.regex_extract(expr, '^([0-9]+)', 1) }} as bigint), 0) * 1000000
        + coalesce(try_cast({{ lineage_warehouse.regex_extract(expr, '^[0-9]+[.]([0-9]+)', 1) }} as bigint), 0) * 1000
        + coalesce(try_cast({{ lineage_warehouse.regex_extract(expr, '^[0-9]+[.][0-9]+[.]([0-9]+)', 1) }} as bigint), 0)
    )
{%- endmacro %}
