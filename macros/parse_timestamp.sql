{#- An ISO-8601 / RFC 3339 timestamp text to a UTC timestamp (D14), identical on both engines:
    - accepted forms: YYYY-MM-DD[T| ]HH:MM:SS[.fraction][Z|±HH:MM], case-insensitive T and Z;
    - no offset means UTC; any fraction length, truncated to microseconds;
    - anything else (dates alone, numbers, impossible dates) gives NULL.
    The shape is checked with one regular expression first, so both engines accept exactly the same texts. -#}
{% macro parse_timestamp(expr) -%}
    {%- set shape = '^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt ][0-9]{2}:[0-9]{2}(:[0-9]{2})([.][0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})?$' -%}
    {%- set has_offset = '([Zz]|[+-][0-9]{2}:[0-9]{2})$' -%}
    case
        when {{ lineage_warehouse.regex_matches(expr, shape) }}
            then {{ lineage_warehouse.cast_utc_timestamp(
                "case when " ~ lineage_warehouse.regex_matches(expr, has_offset)
                ~ " then upper(" ~ expr ~ ") else upper(" ~ expr ~ ") || '+00:00' end"
            ) }}
    end
{%- endmacro %}
