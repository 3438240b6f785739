{#- Lower-case hex SHA-1 of the 16 bytes of the URL namespace UUID (6ba7b811-9dad-11d1-80b4-00c04fd430c8)
    followed by the UTF-8 bytes of `expr`: the hash inside a UUIDv5 (Appendix A). -#}
{% macro sha1_url_namespace(expr) -%}
    {{ return(adapter.dispatch('sha1_url_namespace', 'lineage_warehouse')(expr)) }}
{%- endmacro %}

{% macro default__sha1_url_namespace(expr) -%}
    {{ lineage_warehouse.not_supported('sha1_url_namespace') }}
{%- endmacro %}

{% macro duckdb__sha1_url_namespace(expr) -%}
    sha1(unhex('6ba7b8119dad11d180b400c04fd430c8') || encode({{ expr }}))
{%- endmacro %}

{% macro spark__sha1_url_namespace(expr) -%}
    sha1(concat(unhex('6ba7b8119dad11d180b400c04fd430c8'), encode({{ expr }}, 'UTF-8')))
{%- endmacro %}
