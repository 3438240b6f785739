{#- Generic data test: for every row, column `total` equals the sum of `parts` (counts add up). -#}
{% test equals_sum_of(model, column_name, parts) %}
    select *
    from {{ model }}
    where {{ column_name }} != {{ parts | join(' + ') }}
{% endtest %}
