{#- Schema fields (§2.4) as JSON text, and their digest (Appendix A). stg_io_entry_schemas explodes the nested
    field lists level by level, down to schema_max_depth() levels, and assembles each field's JSON bottom-up
    with these macros. Two renderings of a field: the stored one (keys in the order name, type, description,
    fields) and the canonical one the digest is computed from, Python's json.dumps(fields, sort_keys=True):
    keys sorted, separators ", " and ": ", ensure_ascii. -#}

{#- How many levels of nested field lists are followed (the top-level list is level 0's). -#}
{% macro schema_max_depth() -%}
    {{ return(var('schema_max_depth', 8) | int) }}
{%- endmacro %}

{#- A JSON string literal of a text exactly as Python's json.dumps (ensure_ascii=True) writes it: \" \\ \n \r
    \t \b \f, other characters below U+0020 and U+007F and above as \u00XX / \uXXXX (lower-case hex), characters
    above U+FFFF as a surrogate pair. Texts of plain printable ASCII skip the per-character path. -#}
{% macro python_json_text(expr) -%}
    {%- set c = 'lw_c' -%}
    {%- set cp = lineage_warehouse.code_point(c) -%}
    {%- set escape_one -%}
        case
            when {{ c }} = '"' then {{ lineage_warehouse.sql_string('\\"') }}
            when {{ c }} = {{ lineage_warehouse.sql_string('\\') }} then {{ lineage_warehouse.sql_string('\\\\') }}
            when {{ cp }} = 10 then {{ lineage_warehouse.sql_string('\\n') }}
            when {{ cp }} = 13 then {{ lineage_warehouse.sql_string('\\r') }}
            when {{ cp }} = 9 then {{ lineage_warehouse.sql_string('\\t') }}
            when {{ cp }} = 8 then {{ lineage_warehouse.sql_string('\\b') }}
            when {{ cp }} = 12 then {{ lineage_warehouse.sql_string('\\f') }}
            when {{ cp }} < 32 or ({{ cp }} >= 127 and {{ cp }} < 65536)
                then {{ lineage_warehouse.sql_string('\\u') }} || printf('%04x', {{ cp }})
            when {{ cp }} >= 65536
                then {{ lineage_warehouse.sql_string('\\u') }}
                    || printf('%04x', cast(55296 + floor(({{ cp }} - 65536) / 1024) as bigint))
                    || {{ lineage_warehouse.sql_string('\\u') }} || printf('%04x', 56320 + (({{ cp }} - 65536) % 1024))
            else {{ c }}
        end
    {%- endset -%}
    ('"' || case
        when {{ lineage_warehouse.regex_matches(expr, '^[ !#-\\[\\]-~]*$') }} then {{ expr }}
        else {{ lineage_warehouse.transform_join(lineage_warehouse.split_characters(expr), c, escape_one, "''") }}
    end || '"')
{%- endmacro %}

{#- The JSON members of one field, from its raw texts (SQL expressions, best plain columns: each is used several
    times): `name` and `type_text` (json_get of the field's "name" and "type") and `description` (json_get of its
    "description", Python-stripped with python_strip). Members: "name", "type" (only if non-empty) and
    "description" (only if non-empty). Columns: field_name (NULL when the field has none), name_member,
    type_member, description_member (NULL when dropped). -#}
{% macro schema_field_members(name, type_text, description) -%}
    {{ name }} as field_name,
    '"name": ' || {{ lineage_warehouse.python_json_text(name) }} as name_member,
    case
        when coalesce({{ type_text }}, '') != '' then '"type": ' || {{ lineage_warehouse.python_json_text(type_text) }}
    end as type_member,
    case
        when coalesce({{ description }}, '') != ''
            then '"description": ' || {{ lineage_warehouse.python_json_text(description) }}
    end as description_member
{%- endmacro %}

{#- A field's JSON object split around its nested list, for assembly in depth-first order: the opening text
    (up to and including '"fields": [' when it has nested fields) and the closing text (from ']' on). Stored key
    order: name, type, description, fields; canonical (sorted) order: description, fields, name, type.
    `nested` is a boolean expression: the field has a non-empty nested list. -#}
{% macro schema_field_open(nested, prefix, canonical) -%}
    {%- set fields_open = "case when " ~ nested ~ " then '\"fields\": [' end" -%}
    {%- if canonical -%}
        '{' || concat_ws(', ', {{ prefix }}description_member, {{ fields_open }})
    {%- else -%}
        '{' || concat_ws(', ', {{ prefix }}name_member, {{ prefix }}type_member, {{ prefix }}description_member,
            {{ fields_open }})
    {%- endif -%}
{%- endmacro %}

{% macro schema_field_close(nested, prefix, canonical) -%}
    {%- if canonical -%}
        case when {{ nested }} then ']' else '' end
        || case when {{ nested }} or {{ prefix }}description_member is not null then ', ' else '' end
        || concat_ws(', ', {{ prefix }}name_member, {{ prefix }}type_member) || '}'
    {%- else -%}
        case when {{ nested }} then ']' else '' end || '}'
    {%- endif -%}
{%- endmacro %}
