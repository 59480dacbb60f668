# fish completion for keymenu-dmenu (hand-written: it parses dmenu's own
# command line, not through ArgumentParser; the options are its --help's).
set -l c keymenu-dmenu
complete -c $c -o p -x -d 'The menu title'
complete -c $c -o l -x -d 'A vertical list'
complete -c $c -o i -d 'Match case-insensitively'
complete -c $c -o b -d 'Accepted'
complete -c $c -o f -d 'Accepted'
complete -c $c -o fn -x -d 'Accepted and ignored'
complete -c $c -o m -x -d 'Accepted and ignored'
complete -c $c -o nb -x -d 'Accepted and ignored'
complete -c $c -o nf -x -d 'Accepted and ignored'
complete -c $c -o sb -x -d 'Accepted and ignored'
complete -c $c -o sf -x -d 'Accepted and ignored'
complete -c $c -o w -x -d 'Accepted and ignored'
complete -c $c -o v -d 'Print the version and exit'
complete -c $c -l help -d 'Print the help text and exit'
