{#- Hexadecimal text (up to 15 digits) to bigint; NULL when not hex. -#}
{% macro hex_to_bigint(expr) -%}
    {{ return(adapter.dispatch('hex_to_bigint', 'lineage_warehouse')(expr)) }}
{%- endmacro %}

{% macro default__hex_to_bigint(expr) -%}
    {{ lineage_warehouse.not_supported('hex_to_bigint') }}
{%- endmacro %}

{% macro duckdb__hex_to_bigint(expr) -%}
    case when regexp_matches({{ expr }}, '^[0-9a-fA-F]{1,15}$') then try_cast(('0x' || {{ expr }}) as bigint) end
{%- endmacro %}

{% macro spark__hex_to_bigint(expr) -%}
    case when {{ expr }} rlike '^[0-9a-fA-F]{1,15}$' then try_cast(conv({{ expr }}, 16, 10) as bigint) end
{%- endmacro %}
