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

{#- The location of a reference's namespace `ns`, as a LEFT JOIN of `namespace_locations` (the calling model's
    ref('int_namespace_locations')) aliased `join_alias` whose location_id is NULL when no location is known
    (callers read `join_alias.location_id`). -#}
{% macro dataset_location_join(namespace_locations, join_alias, ns) -%}
    left join {{ namespace_locations }} as {{ join_alias }}
        on {{ join_alias }}.reference_kind = 'dataset' and {{ join_alias }}.namespace = {{ ns }}
{%- endmacro %}

{% macro job_location_join(namespace_locations, join_alias, ns) -%}
    left join {{ namespace_locations }} as {{ join_alias }}
        on {{ join_alias }}.reference_kind = 'job' and {{ join_alias }}.namespace = {{ ns }}
{%- endmacro %}

{#- The rows of `relation` (a ref, or the name of a CTE of the calling model) with the location and the entity id
    their natural key names, resolved now, as `location_id` and `<kind>_id`
    (docs/decisions/incremental-natural-keys.md): per-event models keep the namespace and name an event sent, and the
    folds
    that read them call this, so a namespace that later moves to another location moves its datasets or jobs at
    the next fold without rewriting a per-event row. `kind` is 'dataset' or 'job'; `namespace_locations` the calling
    model's ref('int_namespace_locations'). -#}
{% macro select_with_entity_id(relation, kind, namespace_locations, namespace='namespace', name='name') -%}
    {%- set resolvers = {
        'dataset': (lineage_warehouse.dataset_location_join, lineage_warehouse.dataset_id),
        'job': (lineage_warehouse.job_location_join, lineage_warehouse.job_id)} -%}
    {%- if kind not in resolvers -%}
        {{ exceptions.raise_compiler_error("select_with_entity_id: kind must be 'dataset' or 'job', not " ~ kind) }}
    {%- endif -%}
    {%- set location_join, entity_id_of = resolvers[kind] -%}
    select
        entity_rows.*,
        entity_locations.location_id,
        {{ entity_id_of('entity_locations.location_id', 'entity_rows.' ~ name) }} as {{ kind }}_id
    from {{ relation }} as entity_rows
    {{ location_join(namespace_locations, 'entity_locations', 'entity_rows.' ~ namespace) }}
{%- endmacro %}
