{#- JSON text produced by the engine's own serialiser, made identical on both engines. Spark's Jackson writer
    escapes characters outside the Basic Multilingual Plane (emoji) as surrogate pairs (\uD83D\uDE80) where
    DuckDB writes the character itself; Spark decodes each pair back to the character.
    Object and array text from json_get / json_to_raw_array / json_to_string_array / json_to_string_map is
    therefore not byte-identical across engines when it holds such characters; it is equal as JSON, which is all
    that matters while it is parsed again. Apply this macro only where such text is emitted (a mart column, a
    comparison): inside json_get it would be nested once per JSON level and blow up Spark's analyzer. -#}
{% macro json_text_normalise(expr) -%}
    {{ return(adapter.dispatch('json_text_normalise', 'lineage_warehouse')(expr)) }}
{%- endmacro %}

{% macro default__json_text_normalise(expr) -%}
    {{ lineage_warehouse.not_supported('json_text_normalise') }}
{%- endmacro %}

{% macro duckdb__json_text_normalise(expr) -%}
    {{ expr }}
{%- endmacro %}

{#- Split before every escaped surrogate pair, decode the 12 leading characters of each piece with the JSON
    parser and glue the pieces back together. Text without a pair is returned untouched. -#}
{% macro spark__json_text_normalise(expr) -%}
    {#- Spark literals unescape backslashes once more: \\\\ in the SQL text is one literal backslash for the regex. -#}
    {%- set pair -%}\\\\uD[89AB][0-9A-Fa-f]{2}\\\\uD[C-Fc-f][0-9A-Fa-f]{2}{%- endset -%}
    case
        when {{ expr }} rlike '{{ pair }}' then array_join(transform(
            split({{ expr }}, '(?={{ pair }})'),
            lw_piece -> case
                when lw_piece rlike '^{{ pair }}' then concat(
                    from_json(concat('["', substr(lw_piece, 1, 12), '"]'), 'array<string>')[0],
                    substr(lw_piece, 13)
                )
                else lw_piece
            end
        ), '')
        else {{ expr }}
    end
{%- endmacro %}
