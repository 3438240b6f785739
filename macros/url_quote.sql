{#- Python's urllib.parse.quote(text, safe='/') (§5.3 Airflow URLs): letters, digits, '_', '.', '-', '~' and '/'
    are kept; every other character becomes '%XX' for each byte of its UTF-8 encoding, upper-case hex
    (':' → %3A, '+' → %2B, ' ' → %20, 'é' → %C3%A9). Texts that need no quoting skip the per-character
    path. -#}
{% macro url_quote(expr) -%}
    {%- set safe = '[A-Za-z0-9_.~/-]' -%}
    {%- set c = 'lw_qc' -%}
    {%- set quote_one -%}
        case
            when {{ lineage_warehouse.regex_matches(c, '^' ~ safe ~ '$') }} then {{ c }}
            else {{ lineage_warehouse.utf8_percent_encoded(lineage_warehouse.code_point(c)) }}
        end
    {%- endset -%}
    case
        when {{ lineage_warehouse.regex_matches(expr, '^' ~ safe ~ '*$') }} then {{ expr }}
        else {{ lineage_warehouse.transform_join(lineage_warehouse.split_characters(expr), c, quote_one, "''") }}
    end
{%- endmacro %}

{#- '%XX' for one byte value (0-255). -#}
{% macro percent_byte(expr) -%}
    ('%' || upper(printf('%02x', cast({{ expr }} as bigint))))
{%- endmacro %}

{#- The UTF-8 bytes of a code point, each written '%XX'. -#}
{% macro utf8_percent_encoded(cp) -%}
    {%- set b = lineage_warehouse.percent_byte -%}
    {%- set cont = '128 + (floor(' ~ cp ~ ' / {d}) % 64)' -%}
    case
        when {{ cp }} < 128 then {{ b(cp) }}
        when {{ cp }} < 2048 then {{ b('192 + floor(' ~ cp ~ ' / 64)') }} || {{ b('128 + (' ~ cp ~ ' % 64)') }}
        when {{ cp }} < 65536
            then {{ b('224 + floor(' ~ cp ~ ' / 4096)') }} || {{ b(cont.replace('{d}', '64')) }}
                || {{ b('128 + (' ~ cp ~ ' % 64)') }}
        else {{ b('240 + floor(' ~ cp ~ ' / 262144)') }} || {{ b(cont.replace('{d}', '4096')) }}
            || {{ b(cont.replace('{d}', '64')) }} || {{ b('128 + (' ~ cp ~ ' % 64)') }}
    end
{%- endmacro %}
