{#- The ends of an edge row of lineage_edges' shape below DATASET granularity (SQL over its columns): an INPUT edge
    goes dataset → process (from_id, to_id), an OUTPUT edge process → dataset. The process id is what the refolds
    of the edge models delete and select by (refold_config's process_key). -#}
{% macro edge_process_id() -%}
    {{ return("case edge_kind when 'INPUT' then to_id else from_id end") }}
{%- endmacro %}

{% macro edge_dataset_id() -%}
    {{ return("case edge_kind when 'INPUT' then from_id else to_id end") }}
{%- endmacro %}
