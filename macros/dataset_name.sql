{#- Dataset name rewrites per integration (§2.1), applied to every dataset reference an extractor builds:
    - Spark: a name holding both '=' and '/' is cut before its first '/<segment>=' path segment
      (partition directories collapse into their table);
    - dbt: every 'None.' is removed. -#}
{% macro dataset_name(name_expr, extractor_expr) -%}
    case
        when {{ extractor_expr }} = 'SPARK' and {{ name_expr }} like '%=%' and {{ name_expr }} like '%/%'
            then coalesce({{ lineage_warehouse.regex_extract(name_expr, '^(.*?)/[^/=]*=', 1) }}, {{ name_expr }})
        when {{ extractor_expr }} = 'DBT'
            then replace({{ name_expr }}, 'None.', '')
        else {{ name_expr }}
    end
{%- endmacro %}
