{#- Custom facets a host project declares (docs/extending.md "Declared custom facets"): var lineage_custom_facets,
    a list of {container, facet, fields}, `container` one of facet_containers() (where the facet is sent: run.facets,
    job.facets, an entry's facets, inputFacets or outputFacets), `facet` the facet's key, `fields` a mapping of a
    top-level field of the facet to one of custom_field_types(). Read in stg_custom_facet_fields, folded in the mart
    custom_facet_fields. A declaration that is not of this form fails the compilation (it is the host's
    configuration, not an event). -#}
{% macro custom_facet_declarations() -%}
    {%- set declarations = var('lineage_custom_facets', []) or [] -%}
    {%- if declarations is mapping or declarations is string -%}
        {{ exceptions.raise_compiler_error('lineage_custom_facets: a list of {container, facet, fields}') }}
    {%- endif -%}
    {%- for declaration in declarations -%}
        {%- set container = declaration.get('container') if declaration is mapping else none -%}
        {%- if container not in lineage_warehouse.facet_containers() -%}
            {{ exceptions.raise_compiler_error('lineage_custom_facets: container must be one of '
                ~ lineage_warehouse.facet_containers() | join(', ') ~ ', not ' ~ container) }}
        {%- endif -%}
        {%- if declaration.get('facet') is not string or declaration.get('facet') == '' -%}
            {{ exceptions.raise_compiler_error('lineage_custom_facets: facet must be a facet name') }}
        {%- endif -%}
        {%- if declaration.get('fields') is not mapping or declaration.get('fields') | length == 0 -%}
            {{ exceptions.raise_compiler_error('lineage_custom_facets: fields of ' ~ declaration.facet
                ~ ' must map field names to types') }}
        {%- endif -%}
        {%- for field, type in declaration.fields.items() -%}
            {%- if type not in lineage_warehouse.custom_field_types() -%}
                {{ exceptions.raise_compiler_error('lineage_custom_facets: ' ~ declaration.facet ~ '.' ~ field
                    ~ ': type must be one of ' ~ lineage_warehouse.custom_field_types() | join(', ')
                    ~ ', not ' ~ type) }}
            {%- endif -%}
        {%- endfor -%}
    {%- endfor -%}
    {{ return(declarations) }}
{%- endmacro %}

{#- Where a facet is sent, as stg_event_facets names it: run.facets, job.facets, an input or output entry's facets
    (dataset), inputFacets (input) and outputFacets (output). -#}
{% macro facet_containers() -%}
    {{ return(['run', 'job', 'dataset', 'input', 'output']) }}
{%- endmacro %}

{#- The types a declared field may have; each is one column of the mart custom_facet_fields (<type>_value). -#}
{% macro custom_field_types() -%}
    {{ return(['string', 'bigint', 'double', 'boolean']) }}
{%- endmacro %}

{#- The field `field` of a facet's JSON text `text` read as `type`, NULL when it is absent, JSON null or not of the
    type (D5: custom_field_problem names it). Read with the cross-db macros json_get, json_is_string and
    regex_matches: a string is a JSON string; a bigint an integral JSON number of at most 18 digits; a double a JSON
    number whose magnitude stays below 1e300; a boolean true or false. -#}
{% macro custom_field_value(text, field, type) -%}
    {%- set value = lineage_warehouse.json_get(text, [field]) -%}
    {%- set is_string = 'coalesce(' ~ lineage_warehouse.json_is_string(text, [field]) ~ ', false)' -%}
    {%- if type == 'string' -%}
        case when {{ is_string }} then {{ value }} end
    {%- elif type == 'bigint' -%}
        case
            when not {{ is_string }} and {{ lineage_warehouse.regex_matches(value, '^-?[0-9]{1,18}$') }}
                then cast({{ value }} as bigint)
        end
    {%- elif type == 'double' -%}
        case
            when
                not {{ is_string }}
                and {{ lineage_warehouse.regex_matches(value, '^-?[0-9]{1,200}([.][0-9]+)?([eE][-+]?[0-9]{1,2})?$') }}
                then cast({{ value }} as double)
        end
    {%- elif type == 'boolean' -%}
        case when not {{ is_string }} and {{ value }} in ('true', 'false') then {{ value }} = 'true' end
    {%- else -%}
        {{ exceptions.raise_compiler_error('custom_field_value: unknown type ' ~ type) }}
    {%- endif -%}
{%- endmacro %}
