{#- Helpers of the run models (§5). -#}

{#- Run status precedence (§5.2, kept as in the reference): KILLED > FAILED > SUCCEEDED > STARTED > UNKNOWN. -#}
{% macro run_statuses() -%}
    {{ return([('UNKNOWN', -1), ('STARTED', 0), ('SUCCEEDED', 1), ('FAILED', 2), ('KILLED', 3)]) }}
{%- endmacro %}

{% macro run_status_rank(status_expr) -%}
    case {{ status_expr }}
    {%- for name, rank in lineage_warehouse.run_statuses() %}
        when '{{ name }}' then {{ rank }}
    {%- endfor %}
    end
{%- endmacro %}

{% macro run_status_name(rank_expr) -%}
    case {{ rank_expr }}
    {%- for name, rank in lineage_warehouse.run_statuses() %}
        when {{ rank }} then '{{ name }}'
    {%- endfor %}
    end
{%- endmacro %}

{#- §5.2: the status an event's eventType says about its own run (OTHER says nothing: UNKNOWN). -#}
{% macro event_run_status(event_type) -%}
    case {{ event_type }}
        when 'START' then 'STARTED'
        when 'RUNNING' then 'STARTED'
        when 'COMPLETE' then 'SUCCEEDED'
        when 'FAIL' then 'FAILED'
        when 'ABORT' then 'KILLED'
        else 'UNKNOWN'
    end
{%- endmacro %}

{#- D6: a URL without its userinfo ('scheme://user:password@host/...' → 'scheme://host/...'); the last '@' of
    the authority ends the userinfo, as in Python's urlparse. Other texts are returned as they are. -#}
{% macro strip_url_userinfo(expr) -%}
    {%- set scheme = '^[A-Za-z][A-Za-z0-9+.-]*://' -%}
    case
        when {{ lineage_warehouse.regex_matches(expr, scheme ~ '[^/?#]*@') }}
            then {{ lineage_warehouse.regex_extract(expr, '^([A-Za-z][A-Za-z0-9+.-]*://)', 1) }}
                || coalesce({{ lineage_warehouse.regex_extract(expr, '(?s)' ~ scheme ~ '[^/?#]*@(.*)$', 1) }}, '')
        else {{ expr }}
    end
{%- endmacro %}

{#- The first item of a comma-separated list (Python value.split(",")[0]); NULL for NULL or ''. -#}
{% macro first_comma_item(expr) -%}
    {{ lineage_warehouse.regex_extract(expr, '^([^,]*)', 1) }}
{%- endmacro %}

{#- Every match of `pattern` in expr as an engine array of text (capture group `group`, 0 = the whole match).
    regexp_extract_all has the same signature on DuckDB and Spark; only the literal's escaping differs. -#}
{% macro regex_extract_all(expr, pattern, group=0) -%}
    regexp_extract_all({{ expr }}, {{ lineage_warehouse.sql_string(pattern) }}, {{ group }})
{%- endmacro %}
