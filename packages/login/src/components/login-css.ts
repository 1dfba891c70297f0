/** The login page's stylesheet as a module of its own: the chunk login-styles.ts loads when the page has none. */
import loginCss from './login.css';

export default loginCss;
