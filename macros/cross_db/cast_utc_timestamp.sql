{#- Text that already has the form YYYY-MM-DDTHH:MM:SS[.f][Z|±HH:MM] to a UTC `timestamp`, NULL when it is
    not a real instant. Fractions beyond microseconds are truncated (D14). -#}
{% macro cast_utc_timestamp(expr) -%}
    {{ return(adapter.dispatch('cast_utc_timestamp', 'lineage_warehouse')(expr)) }}
{%- endmacro %}

{% macro default__cast_utc_timestamp(expr) -%}
    {{ lineage_warehouse.not_supported('cast_utc_timestamp') }}
{%- endmacro %}

{#- DuckDB drops the offset when casting text straight to timestamp: go through timestamptz. -#}
{% macro duckdb__cast_utc_timestamp(expr) -%}
    (try_cast({{ expr }} as timestamptz) at time zone 'UTC')
{%- endmacro %}

{#- Spark's timestamp is an instant shown in the session time zone, which the profile pins to UTC. -#}
{% macro spark__cast_utc_timestamp(expr) -%}
    try_cast({{ expr }} as timestamp)
{%- endmacro %}
