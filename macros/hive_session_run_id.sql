{#- The synthetic run id of a Hive session (Appendix A): a UUIDv7 whose 48-bit timestamp is the session's
    creationTime in ms and whose random bits come from SHA-1 of (isoformat(creationTime) || sessionId). -#}
{% macro hive_session_run_id(creation_time, session_id) -%}
    {%- set h = "sha1(" ~ lineage_warehouse.format_python_isoformat(creation_time) ~ " || " ~ session_id ~ ")" -%}
    {%- set raw = "lower(lpad(hex(" ~ lineage_warehouse.timestamp_to_epoch_ms(creation_time) ~ "), 12, '0'))"
        ~ " || '7' || substr(" ~ h ~ ", 1, 3)"
        ~ " || lower(hex((" ~ lineage_warehouse.hex_to_bigint("substr(" ~ h ~ ", 4, 1)") ~ " & 3) | 8))"
        ~ " || substr(" ~ h ~ ", 5, 15)" -%}
    case when {{ creation_time }} is not null and {{ session_id }} is not null then
        substr({{ raw }}, 1, 8) || '-' || substr({{ raw }}, 9, 4) || '-' || substr({{ raw }}, 13, 4)
        || '-' || substr({{ raw }}, 17, 4) || '-' || substr({{ raw }}, 21, 12)
    end
{%- endmacro %}
