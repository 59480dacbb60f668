# fish completion for keymenu-dialog (hand-written): keymenu-whiptail's
# options, and dialog's spellings of them.
set -l c keymenu-dialog
complete -c $c -w keymenu-whiptail
complete -c $c -l yes-label -x -d 'The Yes button word'
complete -c $c -l no-label -x -d 'The No button word'
complete -c $c -l ok-label -x -d 'The OK button word'
complete -c $c -l cancel-label -x -d 'The Cancel button word'
complete -c $c -l no-cancel -d 'No Cancel button'
complete -c $c -l no-tags -d 'A menu shows only items'
complete -c $c -l no-items -d 'A list shows only tags'
complete -c $c -l stdout -d 'Write the result to standard output'
complete -c $c -l stderr -d 'Write the result to standard error'
complete -c $c -l max-input -x -d 'An input box takes at most N characters'
complete -c $c -l timeout -x -d 'Give up after SECONDS (exit 255)'
complete -c $c -l quoted -d 'Quote a checklist tags'
complete -c $c -l single-quoted -d 'Quote a checklist tags with single quotes'
