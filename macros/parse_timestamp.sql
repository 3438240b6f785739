{#- An ISO-8601 / RFC 3339 timestamp text to a UTC timestamp (D14), identical on both engines:
    - accepted forms: YYYY-MM-DD[T| ]HH:MM:SS[.fraction][Z|±HH:MM], case-insensitive T and Z;
    - no offset means UTC; any fraction length, truncated to microseconds;
    - anything else (dates alone, numbers, impossible dates) gives NULL, and so does an instant outside the years
      1 to 9999 in UTC (year 0000, or an offset that moves 0001-01-01 or 9999-12-31 across the bound: a BC or
      five-digit year is no event time, docs/decisions/event-time-formats.md).
    The shape is checked with one regular expression first (timestamp_shape, macros/quarantine_reasons.sql), so both
    engines accept exactly the same texts. -#}
{% macro parse_timestamp(expr) -%}
    {%- set shape = lineage_warehouse.event_rules()['timestamp_shape'] -%}
    {%- set has_offset = '([Zz]|[+-][0-9]{2}:[0-9]{2})$' -%}
    {%- set instant = lineage_warehouse.cast_utc_timestamp(
        "case when " ~ lineage_warehouse.regex_matches(expr, has_offset)
        ~ " then upper(" ~ expr ~ ") else upper(" ~ expr ~ ") || '+00:00' end") -%}
    {#- only texts of the years 0000, 0001 and 9999 can name an instant outside the bounds (an offset moves it at
        most a few days), so only they pay a second cast -#}
    case
        when
            {{ lineage_warehouse.regex_matches(expr, shape) }}
            and case
                when left({{ expr }}, 4) in ('0000', '0001', '9999')
                    then {{ instant }} between cast('0001-01-01 00:00:00' as timestamp)
                    and cast('9999-12-31 23:59:59.999999' as timestamp)
                else true
            end
            then {{ instant }}
    end
{%- endmacro %}
