{#- A UTC timestamp as Python's datetime.isoformat() of an aware UTC value:
    YYYY-MM-DDTHH:MM:SS[.ffffff]+00:00, the fraction omitted when it is zero (Appendix A). -#}
{% macro format_python_isoformat(expr) -%}
    {{ return(adapter.dispatch('format_python_isoformat', 'lineage_warehouse')(expr)) }}
{%- endmacro %}

{% macro default__format_python_isoformat(expr) -%}
    {{ lineage_warehouse.not_supported('format_python_isoformat') }}
{%- endmacro %}

{% macro duckdb__format_python_isoformat(expr) -%}
    (
        strftime({{ expr }}, '%Y-%m-%dT%H:%M:%S')
        || case when microsecond({{ expr }}) % 1000000 = 0 then '' else strftime({{ expr }}, '.%f') end
        || '+00:00'
    )
{%- endmacro %}

{% macro spark__format_python_isoformat(expr) -%}
    (
        date_format({{ expr }}, "yyyy-MM-dd'T'HH:mm:ss")
        || case when date_format({{ expr }}, 'SSSSSS') = '000000' then '' else '.' || date_format({{ expr }}, 'SSSSSS') end
        || '+00:00'
    )
{%- endmacro %}
