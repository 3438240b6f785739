{#- A 64-bit hash of the values of `columns` (a list of column expressions): equal values give equal hashes,
    different values almost always different ones (a collision must be checked on the values themselves). -#}
{% macro row_hash(columns) -%}
    {{ return(adapter.dispatch('row_hash', 'lineage_warehouse')(columns)) }}
{%- endmacro %}

{% macro default__row_hash(columns) -%}
    {{ lineage_warehouse.not_supported('row_hash') }}
{%- endmacro %}

{% macro duckdb__row_hash(columns) -%}
    hash({{ columns | join(', ') }})
{%- endmacro %}

{#- Spark: xxhash64 skips NULL values, so (NULL, 'a') and ('a', NULL) collide; callers check collisions. -#}
{% macro spark__row_hash(columns) -%}
    xxhash64({{ columns | join(', ') }})
{%- endmacro %}
