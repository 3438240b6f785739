{#- Microseconds since the Unix epoch to a UTC timestamp. -#}
{% macro epoch_microseconds_to_timestamp(expr) -%}
    {{ return(adapter.dispatch('epoch_microseconds_to_timestamp', 'lineage_warehouse')(expr)) }}
{%- endmacro %}

{% macro default__epoch_microseconds_to_timestamp(expr) -%}
    {{ lineage_warehouse.not_supported('epoch_microseconds_to_timestamp') }}
{%- endmacro %}

{% macro duckdb__epoch_microseconds_to_timestamp(expr) -%}
    make_timestamp({{ expr }})
{%- endmacro %}

{% macro spark__epoch_microseconds_to_timestamp(expr) -%}
    timestamp_micros({{ expr }})
{%- endmacro %}
