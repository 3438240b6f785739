{#- Column transformation flags (§8.2): UNKNOWN 1, IDENTITY 2, TRANSFORMATION 4, TRANSFORMATION_MASKING 8,
    AGGREGATION 16, AGGREGATION_MASKING 32, FILTER 64, JOIN 128, GROUP_BY 256, SORT 512, WINDOW 1024,
    CONDITIONAL 2048. -#}
{% macro column_transformation_flags() -%}
    {{ return([('UNKNOWN', 1), ('IDENTITY', 2), ('TRANSFORMATION', 4), ('TRANSFORMATION_MASKING', 8),
               ('AGGREGATION', 16), ('AGGREGATION_MASKING', 32), ('FILTER', 64), ('JOIN', 128), ('GROUP_BY', 256),
               ('SORT', 512), ('WINDOW', 1024), ('CONDITIONAL', 2048)]) }}
{%- endmacro %}

{#- §8.2, subtypes compared exactly (case-sensitive, as the reference's lookup tables):
    no subtype ('' included) → UNKNOWN;
    masked: MASKED or TRANSFORMATION → TRANSFORMATION_MASKING, AGGREGATION → AGGREGATION_MASKING, else UNKNOWN;
    not masked: IDENTITY … CONDITIONAL → the flag of the same name, else UNKNOWN. -#}
{% macro column_transformation_flag(subtype, masking) -%}
    case
        when coalesce({{ subtype }}, '') = '' then 1
        when {{ masking }} then coalesce({{ lineage_warehouse.flag_of(subtype,
            [('MASKED', 8), ('TRANSFORMATION', 8), ('AGGREGATION', 32)]) }}, 1)
        else coalesce({{ lineage_warehouse.flag_of(subtype,
            [('IDENTITY', 2), ('TRANSFORMATION', 4), ('AGGREGATION', 16), ('FILTER', 64), ('JOIN', 128),
             ('GROUP_BY', 256), ('SORT', 512), ('WINDOW', 1024), ('CONDITIONAL', 2048)]) }}, 1)
    end
{%- endmacro %}
