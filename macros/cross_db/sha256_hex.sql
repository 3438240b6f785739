{#- Lower-case hex SHA-256 of the UTF-8 text expr. -#}
{% macro sha256_hex(expr) -%}
    {{ return(adapter.dispatch('sha256_hex', 'lineage_warehouse')(expr)) }}
{%- endmacro %}

{% macro default__sha256_hex(expr) -%}
    {{ lineage_warehouse.not_supported('sha256_hex') }}
{%- endmacro %}

{% macro duckdb__sha256_hex(expr) -%}
    sha256({{ expr }})
{%- endmacro %}

{% macro spark__sha256_hex(expr) -%}
    sha2({{ expr }}, 256)
{%- endmacro %}
