{#- A UTC timestamp as whole microseconds since the Unix epoch (bigint). -#}
{% macro epoch_microseconds(expr) -%}
    {{ return(adapter.dispatch('epoch_microseconds', 'lineage_warehouse')(expr)) }}
{%- endmacro %}

{% macro default__epoch_microseconds(expr) -%}
    {{ lineage_warehouse.not_supported('epoch_microseconds') }}
{%- endmacro %}

{% macro duckdb__epoch_microseconds(expr) -%}
    epoch_us({{ expr }})
{%- endmacro %}

{% macro spark__epoch_microseconds(expr) -%}
    unix_micros({{ expr }})
{%- endmacro %}
