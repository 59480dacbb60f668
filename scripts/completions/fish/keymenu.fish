# fish completion for keymenu (hand-written: the multi-call binary, not an
# ArgumentParser command): the program's name, then that program's own
# arguments, completed as if it were run under its name.
complete -c keymenu -n __fish_is_first_arg -s h -l help -d 'List the names and exit'
complete -c keymenu -n __fish_is_first_arg -l version -d 'Print the version and exit'
complete -c keymenu -n __fish_is_first_arg -x -a 'keymenud keymenuctl keymenu-whiptail keymenu-dialog keymenu-dmenu'
complete -c keymenu -n 'not __fish_is_first_arg' -x -a '(__fish_complete_subcommand)'
