{#- Relations live in schemas named raw / staging / intermediate / marts (the public interface: docs/rules.md
    "The marts"), each preceded by var lineage_schema_prefix (default '': exactly those names). A host project that installs this one as a package
    sets the prefix to keep the warehouse apart from its own schemas, e.g. `lw_` gives lw_raw ... lw_marts
    (docs/decisions/dbt-package.md). dbt applies a package's own generate_schema_name to that
    package's nodes only. -#}
{% macro generate_schema_name(custom_schema_name, node) -%}
    {%- if custom_schema_name is none -%}
        {{ target.schema }}
    {%- else -%}
        {{ lineage_warehouse.lineage_schema_name(custom_schema_name | trim) }}
    {%- endif -%}
{%- endmacro %}

{#- The schema a layer of the warehouse lives in: 'marts' -> '<lineage_schema_prefix>marts'. -#}
{% macro lineage_schema_name(layer) -%}
    {{ return(var('lineage_schema_prefix', '') ~ layer) }}
{%- endmacro %}
