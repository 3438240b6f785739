{#- Generic data test: no two rows share the same values of `columns` (a composite key). -#}
{% test unique_combination(model, columns) %}
    select
        {{ columns | join(', ') }},
        count(*) as occurrences
    from {{ model }}
    group by {{ columns | join(', ') }}
    having count(*) > 1
{% endtest %}
