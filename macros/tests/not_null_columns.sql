{#- Generic data test: none of `columns` holds a NULL, and none of the columns of each `conditional` entry
    ({'where': condition, 'columns': [...]}) holds one in a row where its condition holds (e.g. the run columns of
    the run events only, D16). One row per column that does, with how many rows hold it. The model is read once for
    all its columns (a not_null test per column reads it once per column). -#}
{% test not_null_columns(model, columns, conditional=[]) %}
    {%- set checks = [] %}
    {%- for column in columns %}
        {%- do checks.append((column, none)) %}
    {%- endfor %}
    {%- for entry in conditional %}
        {%- for column in entry['columns'] %}
            {%- do checks.append((column, entry['where'])) %}
        {%- endfor %}
    {%- endfor %}
    with null_counts as (
        select
            {%- for column, condition in checks %}
            sum(case when {{ column }} is null{% if condition %} and ({{ condition }}){% endif %} then 1 else 0 end)
                as {{ column }}{{ ',' if not loop.last }}
            {%- endfor %}
        from {{ model }}
    ),

    checked_columns as (
        {%- for column, condition in checks %}
        select '{{ column }}' as column_name{{ ' union all' if not loop.last }}
        {%- endfor %}
    ),

    nulls_per_column as (
        select
            checked_columns.column_name,
            case checked_columns.column_name
                {%- for column, condition in checks %}
                when '{{ column }}' then null_counts.{{ column }}
                {%- endfor %}
            end as null_rows
        from checked_columns
        cross join null_counts
    )

    select
        column_name,
        null_rows
    from nulls_per_column
    where null_rows > 0
{% endtest %}
