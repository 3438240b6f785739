{#- A UTC timestamp to whole milliseconds since the Unix epoch (floor). -#}
{% macro timestamp_to_epoch_ms(expr) -%}
    {{ return(adapter.dispatch('timestamp_to_epoch_ms', 'lineage_warehouse')(expr)) }}
{%- endmacro %}

{% macro default__timestamp_to_epoch_ms(expr) -%}
    {{ lineage_warehouse.not_supported('timestamp_to_epoch_ms') }}
{%- endmacro %}

{% macro duckdb__timestamp_to_epoch_ms(expr) -%}
    epoch_ms({{ expr }})
{%- endmacro %}

{% macro spark__timestamp_to_epoch_ms(expr) -%}
    unix_millis({{ expr }})
{%- endmacro %}
