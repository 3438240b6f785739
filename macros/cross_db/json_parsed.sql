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

{% macro spark__json_parsed(parsed) -%}
    ({{ parsed }} is not null and {{ parsed }}._lw_unparsed is null)
{%- endmacro %}
