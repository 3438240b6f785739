{#- Deterministic text keys (docs/rules.md "The marts: types"): the MD5 of the entity kind and its natural key, so the
    same events give the same ids on DuckDB and Spark, and kinds never collide. -#}
{% macro entity_id(kind, parts) -%}
    md5('{{ kind }}' {%- for part in parts %} || '|' || {{ part }}{% endfor %})
{%- endmacro %}

{#- Location of a namespace reference: the '{type}://{name}' address the location model maps to an id, from the
    namespace as read (`read_ns`: namespace_read(ns, kind), macros/namespace.sql). -#}
{% macro namespace_location_address(read_ns, kind) -%}
    {%- if kind == 'dataset' -%}
        {{ lineage_warehouse.location_address(lineage_warehouse.namespace_type(read_ns), lineage_warehouse.dataset_location_name(read_ns)) }}
    {%- else -%}
        {{ lineage_warehouse.location_address(lineage_warehouse.namespace_type(read_ns), lineage_warehouse.job_location_name(read_ns)) }}
    {%- endif -%}
{%- endmacro %}

{#- Dataset and job keys: (location, lower(name)) (§2.1, §3.1). -#}
{% macro dataset_id(location_id, name) -%}
    {{ lineage_warehouse.entity_id('dataset', [location_id, 'lower(' ~ name ~ ')']) }}
{%- endmacro %}

{% macro job_id(location_id, name) -%}
    {{ lineage_warehouse.entity_id('job', [location_id, 'lower(' ~ name ~ ')']) }}
{%- endmacro %}

{% macro user_id(name) -%}
    {{ lineage_warehouse.entity_id('user', ['lower(' ~ name ~ ')']) }}
{%- endmacro %}

{#- The location of a reference's namespace `ns`, as a LEFT JOIN aliased `join_alias` whose location_id is NULL
    when no location is known (callers read `join_alias.location_id`). -#}
{% macro dataset_location_join(join_alias, ns) -%}
    left join {{ ref('int_namespace_locations') }} as {{ join_alias }}
        on {{ join_alias }}.reference_kind = 'dataset' and {{ join_alias }}.namespace = {{ ns }}
{%- endmacro %}

{% macro job_location_join(join_alias, ns) -%}
    left join {{ ref('int_namespace_locations') }} as {{ join_alias }}
        on {{ join_alias }}.reference_kind = 'job' and {{ join_alias }}.namespace = {{ ns }}
{%- endmacro %}

{#- The rows of `relation` (a ref) with the entity id their natural key names, resolved now (docs/decisions.md
    "Incremental builds: per-event rows hold natural keys"): per-event models keep the namespace and name an event
    sent, and the folds that read them call this, so a namespace that later moves to another location moves its
    datasets or jobs at the next fold without rewriting a per-event row. `kind` is 'dataset' or 'job'; the id and
    its location are added as `id_column` and `location_column`. `relation` is a ref, or the name of a CTE of the
    calling model. -#}
{% macro select_with_entity_id(relation, kind, namespace='namespace', name='name', id_column=none,
                               location_column='location_id') -%}
    select
        entity_rows.*,
        entity_locations.location_id as {{ location_column }},
        {% if kind == 'dataset' -%}
        {{ lineage_warehouse.dataset_id('entity_locations.location_id', 'entity_rows.' ~ name) }}
        {%- else -%}
        {{ lineage_warehouse.job_id('entity_locations.location_id', 'entity_rows.' ~ name) }}
        {%- endif %} as {{ id_column or kind ~ '_id' }}
    from {{ relation }} as entity_rows
    {% if kind == 'dataset' -%}
    {{ lineage_warehouse.dataset_location_join('entity_locations', 'entity_rows.' ~ namespace) }}
    {%- else -%}
    {{ lineage_warehouse.job_location_join('entity_locations', 'entity_rows.' ~ namespace) }}
    {%- endif %}
{%- endmacro %}
