#pragma once
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>

/* Accessors for readline globals that need C string literals (static storage), so Swift code
   never has to keep strdup'ed pointers alive in globals. */

/* Break words only at commas: a choice label with spaces ("Very painful") completes as one word,
   and each comma-separated part of a multiple-choice answer completes on its own. */
static inline void regimen_rl_use_answer_word_breaks(void) {
    rl_completer_word_break_characters = ",";
}

/* Readline's usual word breaks (spaces, quotes, …), right for completing file names. */
static inline void regimen_rl_use_default_word_breaks(void) {
    rl_completer_word_break_characters = rl_basic_word_break_characters;
}

/* The name `$if regimen` matches in ~/.inputrc. */
static inline void regimen_rl_set_readline_name(void) {
    rl_readline_name = "regimen";
}
