{#- Bit-flag enumerations (output types §7.4, column transformation types §8.2) as docs/rules.md "The marts: types"
    shows them: the names of the set bits joined by ',' in flag order, next to the integer mask. -#}

{#- The flag value of an enumeration name (NULL for a name that is not in `flags`). Case-sensitive. -#}
{% macro flag_of(name_expr, flags) -%}
    case {{ name_expr }}{% for name, value in flags %} when '{{ name }}' then {{ value }}{% endfor %} end
{%- endmacro %}

{#- Names of the set bits of a mask, in flag order, joined by ','; `zero_name` for a mask of 0 or NULL. -#}
{% macro flag_names(mask_expr, flags, zero_name) -%}
    case
        when coalesce({{ mask_expr }}, 0) = 0 then '{{ zero_name }}'
        else concat_ws(','
        {%- for name, value in flags %},
            case when ({{ mask_expr }} & {{ value }}) != 0 then '{{ name }}' end
        {%- endfor %}
        )
    end
{%- endmacro %}
