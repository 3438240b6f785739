{#- True when a parse_json_as result of an object shape holds a parsed JSON text (false for NULL text and for
    text that is not JSON). -#}
{% macro json_parsed(parsed) -%}
    {{ return(adapter.dispatch('json_parsed', 'lineage_warehouse')(parsed)) }}
{%- endmacro %}

{% macro default__json_parsed(parsed) -%}
    {{ lineage_warehouse.not_supported('json_parsed') }}
{%- endmacro %}

{#- DuckDB: try() already made text that is not JSON a NULL. -#}
{% macro duckdb__json_parsed(parsed) -%}
    ({{ parsed }} is not null)
{%- endmacro %}

{#- Spark: from_json keeps the text in _lw_unparsed when it is not JSON, and also when it is JSON with a field not of
    its declared type (a string where a list is declared): the fields it could read are kept, the other NULL, as on
    DuckDB. So a text kept there counts as parsed when it is a JSON object (json_kind, read only for those rows). -#}
{% macro spark__json_parsed(parsed) -%}
    ({{ parsed }} is not null and (
        {{ parsed }}._lw_unparsed is null or {{ lineage_warehouse.json_kind(parsed ~ '._lw_unparsed') }} = 'object'
    ))
{%- endmacro %}
