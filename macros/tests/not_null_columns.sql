{#- Generic data test: none of `columns` holds a NULL. One row per column that does, with how many rows hold
    it. The model is read once for all its columns (a not_null test per column reads it once per column). -#}
{% test not_null_columns(model, columns) %}
    with null_counts as (
        select
            {%- for column in columns %}
            sum(case when {{ column }} is null then 1 else 0 end) as {{ column }}{{ ',' if not loop.last }}
            {%- endfor %}
        from {{ model }}
    ),

    checked_columns as (
        {%- for column in columns %}
        select '{{ column }}' as column_name{{ ' union all' if not loop.last }}
        {%- endfor %}
    ),

    nulls_per_column as (
        select
            checked_columns.column_name,
            case checked_columns.column_name
                {%- for column in columns %}
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
