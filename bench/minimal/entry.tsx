/**
 * The second yardstick: the smallest login form a React 19 page can be. One labelled username
 * input and a Next button, rendered with react-dom/client from one production bundle; nothing of Atrium
 * (no kit, no login machine, no stylesheet). It answers "how soon can a React page echo typing at all?",
 * against which Atrium's login page is judged for keystrokes typed the moment the field appears.
 */
import { useState } from 'react';
import type { FormEvent } from 'react';
import { createRoot } from 'react-dom/client';

function MinimalLogin() {
  const [username, setUsername] = useState('');
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
  };
  return (
    <main>
      <h1>Sign In</h1>
      <form onSubmit={onSubmit}>
        <label htmlFor="username">Username</label>
        <input
          id="username"
          name="username"
          autoComplete="username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
        />
        <button type="submit" disabled={username.trim() === ''}>
          Next
        </button>
      </form>
    </main>
  );
}

const container = document.getElementById('root');
if (container) createRoot(container).render(<MinimalLogin />);
