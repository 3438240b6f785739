{#- UUID helpers shared by both engines (D5: any UUID version is accepted). -#}

{#- True when expr is a UUID in 8-4-4-4-12 hexadecimal form (any version, any case; uuid_shape,
    macros/quarantine_reasons.sql). -#}
{% macro is_uuid(expr) -%}
    coalesce({{ lineage_warehouse.regex_matches(
        'lower(' ~ expr ~ ')', lineage_warehouse.event_rules()['uuid_shape']
    ) }}, false)
{%- endmacro %}

{#- The version digit of a UUID text (the 13th hex digit). -#}
{% macro uuid_version(expr) -%}
    substr({{ expr }}, 15, 1)
{%- endmacro %}

{#- The creation time inside a version-7 UUID (its first 48 bits are Unix milliseconds, Appendix A);
    NULL for any other version. -#}
{% macro uuid_v7_timestamp(expr) -%}
    case
        when {{ lineage_warehouse.uuid_version(expr) }} = '7'
            then {{ lineage_warehouse.epoch_ms_to_timestamp(
                lineage_warehouse.hex_to_bigint('substr(replace(' ~ expr ~ ", '-', ''), 1, 12)")
            ) }}
    end
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

{#- True when expr is a version-7 UUID in 8-4-4-4-12 form (any case): version digit 7 and the RFC 4122 variant
    (the 17th hex digit 8, 9, a or b), as Python's uuid reads a UUIDv7. -#}
{% macro is_uuid_v7(expr) -%}
    coalesce({{ lineage_warehouse.regex_matches(
        'lower(' ~ expr ~ ')',
        '^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$'
    ) }}, false)
{%- endmacro %}
