# bash completion for gamerec. The candidates come from gamerec itself
# (`gamerec __complete WORD...`), from the same definitions its command
# line is parsed with, so they cannot drift from what it accepts.
_gamerec() {
    local line=${COMP_LINE:0:COMP_POINT}
    local -a words
    # The words typed so far, split on blanks only (bash also splits on
    # '=' and ':'); the last one, maybe empty, is the one completed.
    read -r -a words <<< "$line"
    [[ $line =~ [[:space:]]$ ]] && words+=("")
    local IFS=$'\n'
    local -a candidates
    candidates=($("${words[0]}" __complete "${words[@]:1}" 2>/dev/null))
    COMPREPLY=()
    local current=${words[${#words[@]}-1]}
    # What bash takes as the word being completed starts after the last
    # '=' or ':' it splits on.
    local cut=$current
    [[ $COMP_WORDBREAKS == *=* ]] && cut=${cut##*=}
    [[ $COMP_WORDBREAKS == *:* ]] && cut=${cut##*:}
    local prefix=${current:0:${#current}-${#cut}}
    local candidate
    for candidate in "${candidates[@]}"; do
        case $candidate in
            :files) COMPREPLY+=($(compgen -f -- "$cut")); compopt -o filenames 2>/dev/null ;;
            :dirs) COMPREPLY+=($(compgen -d -- "$cut")); compopt -o filenames 2>/dev/null ;;
            *) COMPREPLY+=("${candidate#"$prefix"}") ;;
        esac
    done
    # A value to go on typing (--ai black=, --variant pits=) takes no space.
    if [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *= ]]; then
        compopt -o nospace 2>/dev/null
    fi
    return 0
}
complete -F _gamerec gamerec
