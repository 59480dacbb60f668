# fish completion for keymenu-run (hand-written: a shell script, not an
# ArgumentParser command): the command it runs and that command's own
# arguments, as for sudo.
complete -c keymenu-run -n __fish_is_first_arg -s h -l help -d 'Print the help text and exit'
complete -c keymenu-run -n __fish_is_first_arg -l version -d 'Print the version and exit'
complete -c keymenu-run -x -a '(__fish_complete_subcommand)'
