{#- Milliseconds since the Unix epoch to a UTC timestamp. -#}
{% macro epoch_ms_to_timestamp(expr) -%}
    {{ return(adapter.dispatch('epoch_ms_to_timestamp', 'lineage_warehouse')(expr)) }}
{%- endmacro %}

{% macro default__epoch_ms_to_timestamp(expr) -%}
    {{ lineage_warehouse.not_supported('epoch_ms_to_timestamp') }}
{%- endmacro %}

{% macro duckdb__epoch_ms_to_timestamp(expr) -%}
    epoch_ms({{ expr }})
{%- endmacro %}

{% macro spark__epoch_ms_to_timestamp(expr) -%}
    timestamp_millis({{ expr }})
{%- endmacro %}
