{#- Schema fields as JSON text (§2.4). A field keeps `name`, `type` only if non-empty, `description` only if
    non-empty after trimming (trimmed), `fields` only if the nested list is non-empty; nested lists are
    followed up to var('schema_nesting_depth') levels. Two renderings: the stored one (keys in the order
    name, type, description, fields) and Python's json.dumps(sort_keys=True) canonical one that the digest is
    computed from. Both use json.dumps' default separators ", " and ": " and escape non-ASCII as \uXXXX. -#}

{#- A JSON string literal of a text, escaped as Python's json.dumps with ensure_ascii=True does. -#}
{% macro python_json_string(expr) -%}
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
            when {{ cp }} < 32 or ({{ cp }} > 127 and {{ cp }} < 65536)
                then {{ lineage_warehouse.sql_string('\\u') }} || printf('%04x', {{ cp }})
            when {{ cp }} >= 65536
                then {{ lineage_warehouse.sql_string('\\u') }} || printf('%04x', cast(55296 + floor(({{ cp }} - 65536) / 1024) as bigint))
                    || {{ lineage_warehouse.sql_string('\\u') }} || printf('%04x', 56320 + (({{ cp }} - 65536) % 1024))
            else {{ c }}
        end
    {%- endset -%}
    ('"' || case
        when {{ lineage_warehouse.regex_matches(expr, '^[ !#-\\[\\]-~]*$') }} then {{ expr }}
        else {{ lineage_warehouse.transform_join(lineage_warehouse.split_characters(expr), c, escape_one, "''") }}
    end || '"')
{%- endmacro %}

{% macro schema_field_json(field, depth, canonical) -%}
    {%- set name_part = "'\"name\": ' || " ~ lineage_warehouse.python_json_string("coalesce(" ~ lineage_warehouse.json_get(field, ['name']) ~ ", '')") -%}
    {%- set type_text = lineage_warehouse.json_get(field, ['type']) -%}
    {%- set type_part = "case when coalesce(" ~ type_text ~ ", '') != '' then '\"type\": ' || "
        ~ lineage_warehouse.python_json_string(type_text) ~ " end" -%}
    {%- set description_text = lineage_warehouse.regex_replace_all(
        lineage_warehouse.json_get(field, ['description']), '^[ \t\n\r\f\v]+|[ \t\n\r\f\v]+$', '') -%}
    {%- set description_part = "case when coalesce(" ~ description_text ~ ", '') != '' then '\"description\": ' || "
        ~ lineage_warehouse.python_json_string(description_text) ~ " end" -%}
    {%- if depth < var('schema_nesting_depth', 4) -%}
        {%- set nested = lineage_warehouse.json_get(field, ['fields']) -%}
        {%- set fields_part = "case when " ~ lineage_warehouse.json_get(field, ['fields', 0]) ~ " is not null then '\"fields\": ' || "
            ~ lineage_warehouse.schema_fields_json(nested, depth + 1, canonical) ~ " end" -%}
    {%- else -%}
        {%- set fields_part = "cast(null as string)" -%}
    {%- endif -%}
    {%- if canonical -%}
        ('{' || concat_ws(', ', {{ description_part }}, {{ fields_part }}, {{ name_part }}, {{ type_part }}) || '}')
    {%- else -%}
        ('{' || concat_ws(', ', {{ name_part }}, {{ type_part }}, {{ description_part }}, {{ fields_part }}) || '}')
    {%- endif -%}
{%- endmacro %}

{% macro schema_fields_json(fields_expr, depth=0, canonical=false) -%}
    ('[' || {{ lineage_warehouse.transform_join(
        lineage_warehouse.json_to_raw_array(fields_expr),
        'lw_f' ~ depth,
        lineage_warehouse.schema_field_json('lw_f' ~ depth, depth, canonical),
        "', '"
    ) }} || ']')
{%- endmacro %}

{#- UUIDv5 (URL namespace) of a text, as lower-case UUID text (Appendix A). -#}
{% macro uuid5_url(expr) -%}
    {%- set h = lineage_warehouse.sha1_url_namespace(expr) -%}
    (
        substr({{ h }}, 1, 8) || '-' || substr({{ h }}, 9, 4) || '-5' || substr({{ h }}, 14, 3) || '-'
        || printf('%x', ({{ lineage_warehouse.hex_to_bigint('substr(' ~ h ~ ', 17, 1)') }} & 3) | 8)
        || substr({{ h }}, 18, 3) || '-' || substr({{ h }}, 21, 12)
    )
{%- endmacro %}
