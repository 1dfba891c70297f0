import { useRef, useState } from 'react';
import { canSeeDevToolbar, useSession } from '@atrium/session';
import type { SessionState } from '@atrium/session';
import { TextField, useStyles } from '@atrium/ui';
import { AreaLayout } from '../kit/AreaLayout';
import { useDeclareSearch } from '../kit/use-search';
import { HELP_TOPICS, filterTopics } from './help-topics';
import { HelpTopicArticle } from './HelpTopicArticle';
import helpCss from './help.css';

const selectDevToolbar = (state: SessionState) => canSeeDevToolbar(state.sis);

/** system/help: how to use the suite, with a search box the top bar's search button focuses. */
export function HelpArea() {
  useStyles(helpCss);
  const [query, setQuery] = useState('');
  const searchBox = useRef<HTMLInputElement>(null);
  const devToolbar = useSession(selectDevToolbar);
  useDeclareSearch(() => {
    searchBox.current?.focus();
    searchBox.current?.select();
  });

  const available = devToolbar ? HELP_TOPICS : HELP_TOPICS.filter((topic) => !topic.devToolbarOnly);
  const shown = filterTopics(available, query);
  const status = query.trim()
    ? `${shown.length} of ${available.length} help topics match “${query.trim()}”.`
    : '';

  return (
    <AreaLayout title="Help" lead="How to sign in, find your way around and get support.">
      <div role="search">
        <TextField
          ref={searchBox}
          className="help-search"
          type="search"
          label="Search help topics"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
        />
      </div>
      <p className="help-status" role="status">
        {status}
      </p>
      <div className="help-topics">
        {shown.map((topic) => (
          <HelpTopicArticle key={topic.id} topic={topic} />
        ))}
      </div>
    </AreaLayout>
  );
}
